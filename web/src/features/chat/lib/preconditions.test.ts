import { describe, expect, it } from 'vitest';

import { canStartChat, mayOfferChat } from './preconditions';

const me = { userId: '0195f0c4-0000-7000-8000-000000000001', nickname: 'Ada' };
const gm = { userId: '0195f0c4-0000-7000-8000-000000000002', nickname: 'Mira the GM' };

describe('chat preconditions', () => {
  it('holds for two accounts with nicknames', () => {
    expect(canStartChat(me, gm)).toBe(true);
  });

  it('fails while either side is not loaded', () => {
    expect(canStartChat(undefined, gm)).toBe(false);
    expect(canStartChat(me, undefined)).toBe(false);
    expect(canStartChat(me, { userId: gm.userId, nickname: undefined })).toBe(false);
  });

  it('fails without a nickname on either side', () => {
    expect(canStartChat({ ...me, nickname: '' }, gm)).toBe(false);
    expect(canStartChat(me, { ...gm, nickname: '   ' })).toBe(false);
    expect(canStartChat(me, { ...gm, nickname: null })).toBe(false);
  });

  it('fails without the other account id', () => {
    expect(canStartChat(me, { ...gm, userId: undefined })).toBe(false);
    expect(canStartChat(me, { ...gm, userId: '' })).toBe(false);
  });

  it('never offers a chat with oneself', () => {
    expect(canStartChat(me, { ...me, nickname: 'Also me' })).toBe(false);
    expect(mayOfferChat(me.userId, me.userId)).toBe(false);
  });

  it('offers nothing to a visitor', () => {
    expect(mayOfferChat(undefined, gm.userId)).toBe(false);
    expect(mayOfferChat(me.userId, gm.userId)).toBe(true);
  });
});
