import { describe, expect, it, vi } from 'vitest';

import type { EventFrame } from './frames';
import { emitEvent, subscribeToEvents } from './listeners';

const frame: EventFrame = {
  v: '1',
  channel: 'qls.events',
  type: 'created',
  entity: 'notification',
  id: 'n1',
  data: { id: 'n1' },
};

describe('listening to realtime events', () => {
  it('hands each event with its data to the listeners until they unsubscribe', () => {
    const heard: EventFrame[] = [];
    const unsubscribe = subscribeToEvents((event) => heard.push(event));
    emitEvent(frame);
    unsubscribe();
    emitEvent({ ...frame, id: 'n2' });
    expect(heard).toEqual([frame]);
  });

  it('keeps one failing listener from the others', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const heard: string[] = [];
    const first = subscribeToEvents(() => {
      throw new Error('broken');
    });
    const second = subscribeToEvents((event) => heard.push(event.id));
    emitEvent(frame);
    first();
    second();
    expect(heard).toEqual(['n1']);
  });
});
