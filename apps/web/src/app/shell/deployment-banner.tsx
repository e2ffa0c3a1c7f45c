import { useEffect } from 'react';
import { Banner } from '@/components/ui/banner';
import { isChunkAvailable } from '@/lib/chunk-failures';

const reload = () => window.location.reload();

/** Whether the file is served again; without a known file, whether the app answers at all. */
async function probe(file: string | null): Promise<boolean> {
  // A script Accept header keeps the server from answering a missing file with the app's HTML page.
  const headers: Record<string, string> = file ? { Accept: 'text/javascript, text/css, */*;q=0.1' } : {};
  try {
    const response = await fetch(file ?? window.location.pathname, { method: 'HEAD', cache: 'no-store', headers });
    return file ? isChunkAvailable(response.status, response.headers.get('content-type')) : response.ok;
  } catch {
    return false;
  }
}

/**
 * SPEC.md section 4: the same file failed more than twice in 30 s, so a deployment is still replacing the
 * files. The tab checks every `pollMs` and reloads once the file is there; Refresh Now does not wait.
 */
export function DeploymentBanner({ file, pollMs }: { file: string | null; pollMs: number }) {
  useEffect(() => {
    let stopped = false;
    const timer = setInterval(() => {
      void probe(file).then((available) => {
        if (available && !stopped) {
          stopped = true;
          reload();
        }
      });
    }, pollMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [file, pollMs]);
  return (
    <Banner
      tone="warning"
      testId="deployment-banner"
      title="A deployment is in progress"
      text="A new version of Tocsin is being deployed, and part of this page could not be loaded yet. The page reloads by itself as soon as the new version is ready."
      actions={[{ label: 'Refresh Now', onClick: reload }]}
    />
  );
}
