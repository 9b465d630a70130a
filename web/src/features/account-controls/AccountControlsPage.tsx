import { Button, Card, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { SupportUserDetail } from '@muster/contracts';
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { useAccountAction, useUserSearch } from './account-controls-api';
import { ConfirmButton, ControlsHeader } from './components';
import { SessionsSection, UserSections, type UserSection } from './UserDetail';
import { CallerPinCheck } from '../security/CallerPinCheck';

function ForceResetSection({ detail }: { detail: SupportUserDetail }) {
  const { t } = useTranslation('accountControls');
  const force = useAccountAction('forcePasswordReset');
  return (
    <Stack gap="3">
      <Text>{t('controls.resetText')}</Text>
      <ConfirmButton
        label={t('controls.reset')}
        title={t('controls.resetTitle')}
        text={t('controls.resetConfirm', { name: detail.user.name })}
        confirm={t('controls.reset')}
        disabled={!detail.canAct}
        loading={force.isPending}
        onConfirm={(close) =>
          force.mutate(detail.user.id, {
            onSuccess: () => {
              close();
              toaster.create({ type: 'success', title: t('controls.resetDone') });
            },
          })
        }
        testId="force-reset"
      />
    </Stack>
  );
}

function RevokeCodesSection({ detail }: { detail: SupportUserDetail }) {
  const { t } = useTranslation('accountControls');
  const revoke = useAccountAction('revokeCodes');
  return (
    <Stack gap="3">
      <Text>{t('controls.codesText')}</Text>
      <ConfirmButton
        label={t('controls.codes')}
        title={t('controls.codesTitle')}
        text={t('controls.codesConfirm', { name: detail.user.name })}
        confirm={t('controls.codes')}
        disabled={!detail.canAct}
        loading={revoke.isPending}
        onConfirm={(close) =>
          revoke.mutate(detail.user.id, {
            onSuccess: (result) => {
              close();
              toaster.create({ type: 'success', title: t('controls.codesDone', { codes: result.codes, links: result.resetLinks }) });
            },
          })
        }
        testId="revoke-codes"
      />
    </Stack>
  );
}

/**
 * The controls of one account, in order. Another area adds its panel (reset a PIN, verify a
 * caller's PIN) by adding an entry here.
 */
export const CONTROL_SECTIONS: UserSection[] = [
  { id: 'sessions', titleKey: 'sections.sessions', render: (d): ReactNode => <SessionsSection detail={d} /> },
  { id: 'passwordReset', titleKey: 'sections.passwordReset', render: (d) => <ForceResetSection detail={d} /> },
  { id: 'codes', titleKey: 'sections.codes', render: (d) => <RevokeCodesSection detail={d} /> },
  { id: 'pin', titleKey: 'sections.pin', render: (d) => <CallerPinCheck email={d.user.email} embedded /> },
];

/** /app/sysops/account-controls: for a user found by email, sign out everywhere, force a password reset, revoke pending codes. */
export default function AccountControlsPage({ pageId }: PageProps) {
  const { t } = useTranslation(['accountControls', 'pages']);
  usePageTitle(pageId);
  const [params, setParams] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const looked = (params.get('email') ?? '').trim().toLowerCase();
  const found = useUserSearch(looked, 1, looked.length > 0);
  const match = found.data?.items.find((u) => u.email === looked) ?? null;

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    setParams(email.trim() ? { email: email.trim() } : {});
  };

  return (
    <Stack gap="6" maxWidth="5xl" data-testid="account-controls">
      <ControlsHeader title={t('pages:accountControls.title')} intro={t('controls.intro')} />
      <Card.Root variant="outline" asChild>
        <form onSubmit={submit} noValidate>
          <Card.Body>
            <HStack gap="3" align="end" flexWrap="wrap">
              <Stack gap="1" flex="1" minW="60">
                <FormField label={t('controls.email')}>
                  <Input
                    type="email"
                    dir="ltr"
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                    maxLength={254}
                    data-testid="controls-email"
                  />
                </FormField>
              </Stack>
              <Button type="submit" colorPalette="brand" data-testid="controls-find">
                {t('controls.find')}
              </Button>
            </HStack>
          </Card.Body>
        </form>
      </Card.Root>
      {looked && found.isPending && <Text color="fg.muted">{t('loading')}</Text>}
      {found.isError && <Text color="fg.error">{errorText(t, found.error)}</Text>}
      {looked && found.isSuccess && !match && (
        <Text color="fg.muted" data-testid="controls-not-found">
          {t('controls.notFound', { email: looked })}
        </Text>
      )}
      {match && <UserSections userId={match.id} sections={CONTROL_SECTIONS} />}
    </Stack>
  );
}
