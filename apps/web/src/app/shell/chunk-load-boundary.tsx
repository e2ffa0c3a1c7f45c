import { Component, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { LoadingArea } from '@/components/ui/loading-area';
import {
  CHUNK_FAILURES_STORAGE_KEY,
  CHUNK_POLL_MS,
  chunkFileOf,
  isChunkLoadError,
  parseChunkFailureLog,
  recordChunkFailure,
  type ChunkRecovery,
} from '@/lib/chunk-failures';
import { DeploymentBanner } from './deployment-banner';

// Failures of a file the browser did not name (Safari) are counted together.
const UNNAMED_FILE = '(unnamed chunk)';

/** Counts the failure across reloads (sessionStorage: this tab only) and says what to do about it. */
function recordFailure(file: string | null): ChunkRecovery {
  const key = file ?? UNNAMED_FILE;
  try {
    const { log, recovery } = recordChunkFailure(
      parseChunkFailureLog(sessionStorage.getItem(CHUNK_FAILURES_STORAGE_KEY)),
      key,
      Date.now(),
    );
    sessionStorage.setItem(CHUNK_FAILURES_STORAGE_KEY, JSON.stringify(log));
    return recovery;
  } catch {
    // No storage (blocked, full): without a memory of earlier attempts, only waiting cannot loop.
    return { action: 'await-deployment', pollMs: CHUNK_POLL_MS };
  }
}

function ReloadAfter({ delayMs }: { delayMs: number }) {
  useEffect(() => {
    const timer = setTimeout(() => window.location.reload(), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return <LoadingArea />;
}

interface Props {
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  recovery: ChunkRecovery | null;
  file: string | null;
}

const CLEAR: State = { error: null, recovery: null, file: null };

class ChunkErrorBoundary extends Component<Props, State> {
  state: State = CLEAR;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)), recovery: null };
  }

  componentDidCatch(error: unknown) {
    if (!(error instanceof Error) || !isChunkLoadError(error)) return;
    const file = chunkFileOf(error);
    this.setState({ file, recovery: recordFailure(file) });
  }

  componentDidUpdate(previous: Props) {
    // Another page may load fine: leaving the page leaves its failure behind.
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState(CLEAR);
  }

  render() {
    const { error, recovery, file } = this.state;
    if (!error) return this.props.children;
    // Not ours to handle: the page error boundary (signed in) or the router's error screen takes it.
    if (!isChunkLoadError(error)) throw error;
    if (recovery?.action === 'await-deployment') return <DeploymentBanner file={file} pollMs={recovery.pollMs} />;
    if (recovery?.action === 'reload') return <ReloadAfter delayMs={recovery.delayMs} />;
    return <LoadingArea />;
  }
}

/**
 * Catches a lazily loaded screen whose code could not be fetched (SPEC.md section 4, chunk load failure
 * recovery), whichever route it belongs to.
 */
export function ChunkLoadBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ChunkErrorBoundary resetKey={pathname}>{children}</ChunkErrorBoundary>;
}
