import { Button, Stack } from '@chakra-ui/react';
import type { RenderRequest } from '@muster/contracts';
import { RenderStatus } from './RenderProgress';
import { useRender } from './useRender';

/**
 * A button that has a file made by the documents engine: while it is made, a progress bar with
 * its stage; once made, the file is saved and a link offers it again; a failure says why.
 */
export function RenderButton({ request, label, testId }: { request: RenderRequest; label: string; testId: string }) {
  const { state, start } = useRender();
  const busy = state.kind === 'starting' || state.kind === 'working';
  return (
    <Stack gap="2" minWidth="48" data-testid={`${testId}-render`} data-state={state.kind}>
      <Button variant="outline" size="sm" onClick={() => void start(request)} loading={busy} loadingText={label} data-testid={testId}>
        {label}
      </Button>
      <RenderStatus state={state} testId={testId} maxWidth="60" />
    </Stack>
  );
}
