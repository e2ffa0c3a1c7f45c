import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { isChunkLoadError } from '@/lib/chunk-failures';
import { useCurrentUser } from '@/lib/get-me';
import { appHomePath } from '../home-path';

interface Props {
  resetKey: string;
  children: ReactNode;
}

class PageErrorCatcher extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidUpdate(previous: Props) {
    // another page may show fine: leaving the page leaves its error behind
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    // a screen whose code could not load is the chunk boundary's (it reloads or waits for the deployment)
    if (isChunkLoadError(error)) throw error;
    return <PageError />;
  }
}

/** What shows in place of a page that failed while rendering: the shell stays, so every other page is a click away. */
function PageError() {
  const me = useCurrentUser();
  return (
    <Stack p="md" maw={640} data-testid="page-error">
      <Title order={1}>This page could not be shown</Title>
      <Alert color="red" title="Something went wrong while showing this page" role="alert">
        <Text size="sm">
          The rest of Tocsin works: choose another page in the menu, or reload this one. If it happens again, tell your
          administrator what you opened and when.
        </Text>
      </Alert>
      <Group>
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Button component={Link} to={appHomePath(me)} variant="default">
          Go to the home page
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Catches a signed-in page that throws while rendering (a document of a shape this build does not expect), so
 * the person keeps the shell and its navigation instead of the router's bare error screen.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <PageErrorCatcher resetKey={pathname}>{children}</PageErrorCatcher>;
}
