/**
 * A series' thumbnail or banner: the image, or a placeholder, and an upload button that checks type and size
 * before sending (JPEG, PNG or WebP, at most 5 MB, the server's own limits).
 */
import { ImageIcon, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { useFormat } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { toastFailure, toastSuccess } from '@/lib/outcome-toasts';

import { IMAGE_MAX_BYTES, imageProblem, useUploadSeriesImage, type ImageKind } from '../api/images';
import type { Series } from '../api/series';

export function SeriesImage({ series, kind }: { series: Series; kind: ImageKind }) {
  const { t } = useTranslation();
  const format = useFormat();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const upload = useUploadSeriesImage({
    onSuccess: () => {
      toastSuccess(`series.images.${kind}.uploaded`);
    },
    onError: (error) => {
      toastFailure(`series.images.${kind}.uploadFailed`, error);
    },
  });
  const url = kind === 'thumbnail' ? series.thumbnail_url : series.banner_url;
  const label = t(`series.images.${kind}.label`);
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-sm font-medium">{label}</h3>
      <div
        className={cn(
          'flex items-center justify-center overflow-hidden rounded-lg border border-border bg-muted',
          kind === 'thumbnail' ? 'aspect-square w-40' : 'aspect-[3/1] w-full',
        )}
      >
        {url ? (
          <img
            src={url}
            alt={t(`series.images.${kind}.alt`, { title: series.title })}
            className="size-full object-cover"
            data-testid={`series-${kind}`}
          />
        ) : (
          <div className="flex flex-col items-center gap-1 text-muted-foreground">
            <ImageIcon aria-hidden className="size-8" />
            <span className="text-xs">{t('series.images.none')}</span>
          </div>
        )}
      </div>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-label={t(`series.images.${kind}.choose`)}
        aria-describedby={problem ? errorId : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const found = imageProblem(file);
          if (found === 'type') {
            setProblem(t('series.images.wrongType'));
            return;
          }
          if (found === 'size') {
            setProblem(
              t('series.images.tooLarge', {
                max: format.number(IMAGE_MAX_BYTES / 1024 / 1024),
              }),
            );
            return;
          }
          setProblem(undefined);
          upload.mutate({ series, kind, file });
        }}
      />
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={upload.isPending}
          onClick={() => input.current?.click()}
        >
          <Upload aria-hidden />
          {upload.isPending ? t('series.images.uploading') : t(`series.images.${kind}.choose`)}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{t('series.images.hint')}</p>
      {problem && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
