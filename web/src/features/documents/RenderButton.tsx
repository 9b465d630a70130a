import { Button, HStack, Link, Progress, Stack, Text } from '@chakra-ui/react';
import type { RenderRequest } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { errorText, reasonText } from '../../lib/error-text';
import { useRender } from './useRender';

/**
 * A button that has a file made by the documents engine: while it is made, a progress bar with
 * its stage; once made, the file is saved and a link offers it again; a failure says why.
 */
export function RenderButton({ request, label, testId }: { request: RenderRequest; label: string; testId: string }) {
  const { t } = useTranslation('documents');
  const { state, start } = useRender();
  const busy = state.kind === 'starting' || state.kind === 'working';
  const render = state.kind === 'working' || state.kind === 'done' ? state.render : null;
  return (
    <Stack gap="2" minWidth="48" data-testid={`${testId}-render`} data-state={state.kind}>
      <Button variant="outline" size="sm" onClick={() => void start(request)} loading={busy} loadingText={label} data-testid={testId}>
        {label}
      </Button>
      {render && (
        <Progress.Root value={render.percent} size="sm" maxWidth="60" data-testid={`${testId}-progress`} data-percent={render.percent}>
          <HStack justify="space-between" gap="3">
            <Progress.Label fontSize="xs">{t(`stages.${render.stage}`)}</Progress.Label>
            <Progress.ValueText fontSize="xs">{t('percent', { percent: render.percent })}</Progress.ValueText>
          </HStack>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      {state.kind === 'done' && state.render.downloadUrl && (
        <Link href={state.render.downloadUrl} download fontSize="sm" data-testid={`${testId}-download`}>
          {t('saveAgain', { name: state.render.fileName ?? '' })}
        </Link>
      )}
      {state.kind === 'failed' && (
        <Text fontSize="sm" color="fg.error" role="alert" data-testid={`${testId}-error`}>
          {state.render?.reason ? reasonText(t, state.render.reason) : errorText(t, state.error)}
        </Text>
      )}
    </Stack>
  );
}
