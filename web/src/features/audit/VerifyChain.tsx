import { Alert, Button, Code, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import type { ChainVerification } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { useVerifyChain } from './api';
import { useAuditText } from './audit-text';
import { shortHash } from './labels';
import { errorText } from '../../lib/error-text';

function Result({ result }: { result: ChainVerification }) {
  const text = useAuditText();
  const { t } = text;
  if (result.ok)
    return (
      <Alert.Root status="success" data-testid="chain-result" data-ok="true" data-checked={result.checked}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('verify.okTitle')}</Alert.Title>
          <Alert.Description>
            <Stack gap="1">
              <Text>{t('verify.okText', { count: result.checked })}</Text>
              {result.head && (
                <Text>
                  {t('verify.head', { seq: result.head.seq })}{' '}
                  <Code dir="ltr" title={result.head.hash} data-testid="chain-head">
                    {shortHash(result.head.hash)}
                  </Code>
                </Text>
              )}
              <Text fontSize="xs">{t('verify.at', { time: text.time(result.verifiedAt) })}</Text>
            </Stack>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  const broken = result.firstBroken;
  return (
    <Alert.Root status="error" data-testid="chain-result" data-ok="false" data-checked={result.checked}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('verify.brokenTitle')}</Alert.Title>
        <Alert.Description>
          <Stack gap="2">
            <Text>{t('verify.brokenText', { count: result.checked })}</Text>
            {broken && (
              <DataList.Root orientation="horizontal" size="sm" gap="1">
                <DataList.Item>
                  <DataList.ItemLabel>{t('verify.seq')}</DataList.ItemLabel>
                  <DataList.ItemValue data-testid="chain-broken-seq">{broken.seq}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('verify.reason')}</DataList.ItemLabel>
                  <DataList.ItemValue>{t(`verify.reasons.${broken.reason}`)}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('verify.expected')}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    <Code dir="ltr" wordBreak="break-all" whiteSpace="normal">
                      {broken.expected}
                    </Code>
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('verify.found')}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    <Code dir="ltr" wordBreak="break-all" whiteSpace="normal">
                      {broken.found}
                    </Code>
                  </DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
            )}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** "Verify audit chain": recomputes every link of the organisation's chain and says whether it holds. */
export function VerifyChain({ orgId, disabled }: { orgId: string | undefined; disabled?: boolean }) {
  const { t } = useTranslation('audit');
  const verify = useVerifyChain();
  return (
    <Stack gap="3" data-testid="verify-chain">
      <HStack gap="3" wrap="wrap">
        <Button
          variant="outline"
          colorPalette="brand"
          onClick={() => verify.mutate(orgId)}
          loading={verify.isPending}
          loadingText={t('verify.running')}
          disabled={disabled}
          data-testid="verify-chain-button"
        >
          {t('verify.button')}
        </Button>
        <Text fontSize="sm" color="fg.muted">
          {t('verify.text')}
        </Text>
      </HStack>
      {verify.isError && (
        <Alert.Root status="error" data-testid="chain-error">
          <Alert.Indicator />
          <Alert.Description>{errorText(t, verify.error)}</Alert.Description>
        </Alert.Root>
      )}
      {verify.isSuccess && <Result result={verify.data} />}
    </Stack>
  );
}
