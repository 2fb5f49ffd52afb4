import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api/errors';

import { IMAGE_MAX_BYTES, imageProblem, uploadSeriesImage } from './images';

describe('series images', () => {
  it('takes JPEG, PNG and WebP up to 5 MB, and tells the rest before sending', () => {
    expect(imageProblem({ type: 'image/png', size: 1000 })).toBeUndefined();
    expect(imageProblem({ type: 'image/jpeg', size: IMAGE_MAX_BYTES })).toBeUndefined();
    expect(imageProblem({ type: 'image/webp', size: 1 })).toBeUndefined();
    expect(imageProblem({ type: 'image/gif', size: 1000 })).toBe('type');
    expect(imageProblem({ type: 'text/plain', size: 10 })).toBe('type');
    expect(imageProblem({ type: 'image/png', size: IMAGE_MAX_BYTES + 1 })).toBe('size');
  });

  it('posts one multipart field `image` with the CSRF header, and reads the updated series', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(
        new Response(JSON.stringify({ id: 's1', thumbnail_url: '/api/images/abc' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    const file = new Blob(['png'], { type: 'image/png' });
    const series = await uploadSeriesImage('s1', 'thumbnail', file, fetchMock);
    expect(series.thumbnail_url).toBe('/api/images/abc');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/series/s1/images/thumbnail');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ 'X-Questline-Csrf': '1' });
    expect((init?.body as FormData).get('image')).toBeInstanceOf(Blob);
  });

  it('turns a refusal into the API error the toasts translate', async () => {
    const refusal = {
      error: { type: 'invalid_data', code: 'payload_too_large', message: 'Too large', fields: {} },
    };
    const fetchMock = vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify(refusal), { status: 413 })),
    );
    const upload = uploadSeriesImage('s1', 'banner', new Blob(['x']), fetchMock);
    await expect(upload).rejects.toBeInstanceOf(ApiError);
    await expect(upload).rejects.toMatchObject({ status: 413 });
  });
});
