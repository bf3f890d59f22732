import { useEffect, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from '../lib/use-translation.ts';
import { ChunkError, classifyChunkError, type ChunkErrorCode } from '../lib/lazy.ts';

/**
 * Listens for chunks that fail outside a route load: Vite's preload errors and <link> stylesheets
 * that do not arrive. A failed style chunk is reported as CSS_CHUNK_LOAD_FAILED; the user is
 * offered a reload (usually a new release replaced the old files).
 */
export function ChunkFailurePrompt() {
  const { t } = useTranslation('common');
  const [code, setCode] = useState<ChunkErrorCode | null>(null);

  useEffect(() => {
    const onPreload = (e: Event) => {
      const failure = classifyChunkError((e as Event & { payload?: unknown }).payload) ?? ChunkError.JS;
      console.error(failure, (e as Event & { payload?: unknown }).payload);
      setCode(failure);
    };
    const onResourceError = (e: Event) => {
      const el = e.target;
      if (el instanceof HTMLLinkElement && el.rel === 'stylesheet') {
        console.error(ChunkError.CSS, el.href);
        setCode(ChunkError.CSS);
      }
    };
    window.addEventListener('vite:preloadError', onPreload);
    document.addEventListener('error', onResourceError, true);
    return () => {
      window.removeEventListener('vite:preloadError', onPreload);
      document.removeEventListener('error', onResourceError, true);
    };
  }, []);

  if (!code) return null;
  return (
    <div className="chunk-failure" role="alert" data-testid="chunk-failure">
      <div>
        <strong>{t('shell.loadFailed')}</strong>
        <div className="chunk-failure__code">{t('shell.errorCode', { code })}</div>
      </div>
      <Button size="small" color="primary" onClick={() => window.location.reload()}>
        {t('action.reload')}
      </Button>
    </div>
  );
}
