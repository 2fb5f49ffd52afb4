/**
 * Thumbnail and banner upload: `POST /api/series/{id}/images/{kind}`, `multipart/form-data` with one field
 * `image` (JPEG, PNG or WebP, at most 5 MB), answering the updated series. The generated client does not know
 * the operation yet (it is written beside this feature), so this is a small typed fetch with the client's CSRF
 * header and error type; replace it with `api.POST` once `uploadSeriesImage` is in docs/openapi.json.
 */
import { useQueryClient } from '@tanstack/react-query';

import { csrfHeader } from '@/lib/api/client';
import { ApiError, NetworkError } from '@/lib/api/errors';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

import { seriesByHandleQueryKey, seriesQueryKey, type Series } from './series';

export const imageKinds = ['thumbnail', 'banner'] as const;
export type ImageKind = (typeof imageKinds)[number];

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export type ImageProblem = 'type' | 'size';

/** What the server would refuse, told before uploading. */
export function imageProblem(file: { type: string; size: number }): ImageProblem | undefined {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > IMAGE_MAX_BYTES) return 'size';
  return undefined;
}

export async function uploadSeriesImage(
  seriesId: string,
  kind: ImageKind,
  file: Blob,
  fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
): Promise<Series> {
  const body = new FormData();
  body.append('image', file);
  let response: Response;
  try {
    response = await fetchImpl(
      `/api/series/${encodeURIComponent(seriesId)}/images/${kind}`,
      // No Content-Type: the browser writes the multipart boundary.
      { method: 'POST', body, credentials: 'include', headers: { [csrfHeader]: '1' } },
    );
  } catch (error) {
    throw new NetworkError(error);
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok || answer === undefined) throw ApiError.fromResponse(response, answer);
  return answer as Series;
}

export type UploadImageInput = { series: Series; kind: ImageKind; file: File };

export function useUploadSeriesImage(config: MutationConfig<Series, UploadImageInput> = {}) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: ({ series, kind, file }) => uploadSeriesImage(series.id, kind, file),
      settle: (data) => {
        queryClient.setQueryData(seriesByHandleQueryKey(data.handle), data);
        void queryClient.invalidateQueries({ queryKey: [...seriesQueryKey, 'mine'] });
      },
    },
    config,
  );
}
