import { Alert, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { okSchema, requestMagicSchema, sessionSchema, verifyMagicSchema, type EndpointDef, type SessionInfo } from '@muster/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField';
import { callEndpoint, errorStatus } from '../../lib/api';
import { useMusterForm } from '../../lib/forms';
import { errorText } from '../../lib/error-text';
import { isSupportRefusal, supportRefusalText } from '../account-controls/refusals';

type RequestEndpoint = EndpointDef<typeof requestMagicSchema, undefined, typeof okSchema>;
type VerifyEndpoint = EndpointDef<typeof verifyMagicSchema, undefined, typeof sessionSchema>;

interface MagicCodeFormProps {
  /** POST …/request-magic {email}: always answers 200. */
  requestEndpoint: RequestEndpoint;
  /** POST …/verify-magic {email, code}: answers the session. */
  verifyEndpoint: VerifyEndpoint;
  /** The sentence shown once a code was requested (it names the address). */
  sentText: (email: string) => string;
  onSignedIn: (session: SessionInfo) => void;
  initialEmail?: string;
  /** Prefix of the inputs' ids and test ids, unique on the page. */
  idPrefix: string;
  /** Shown above the email; off where the screen's subtitle already explains the code. */
  showIntro?: boolean;
}

/** Sign-in with an emailed 6-digit code: the email first, then the code (spec §2 "magic-link login"). */
export function MagicCodeForm({
  requestEndpoint,
  verifyEndpoint,
  sentText,
  onSignedIn,
  initialEmail = '',
  idPrefix,
  showIntro = true,
}: MagicCodeFormProps) {
  const { t, i18n } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const emailForm = useMusterForm(requestMagicSchema, { email: initialEmail });
  const codeForm = useMusterForm(verifyMagicSchema, { email: '', code: '' });

  const request = useMutation({
    mutationFn: (body: { email: string }) => callEndpoint(requestEndpoint, { body }),
    meta: { silent: true },
  });
  const verify = useMutation({
    mutationFn: (body: { email: string; code: string }) => callEndpoint(verifyEndpoint, { body }),
    meta: { silent: true },
  });

  const sendCode = (email: string) => {
    setFailure(null);
    request.mutate(
      { email },
      {
        onSuccess: () => {
          setSentTo(email);
          codeForm.reset({ email, code: '' });
        },
        onError: (err) => {
          if (!emailForm.setServerErrors(err)) setFailure(errorText(t, err));
        },
      },
    );
  };

  const onVerify = (data: { email: string; code: string }) => {
    setFailure(null);
    verify.mutate(data, {
      onSuccess: onSignedIn,
      onError: (err) => {
        const status = errorStatus(err);
        // A wrong, used or expired code: the one message of spec §5. Rate limits and others say what they are.
        setFailure(
          isSupportRefusal(err)
            ? supportRefusalText(t, i18n.resolvedLanguage, err)
            : status === 400 || status === 401 || status === 410
              ? t('magic.failed')
              : errorText(t, err),
        );
        codeForm.reset({ email: data.email, code: '' });
      },
    });
  };

  if (sentTo === null) {
    return (
      <form noValidate onSubmit={(e) => void emailForm.handleSubmit((data) => sendCode(data.email))(e)}>
        <Stack gap="4">
          {showIntro && (
            <Text color="fg.muted" fontSize="sm">
              {t('magic.intro')}
            </Text>
          )}
          <FormField label={t('magic.email')} error={emailForm.message('email')} required>
            <Input
              {...emailForm.register('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              dir="ltr"
              data-testid={`${idPrefix}-email`}
            />
          </FormField>
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          <Button type="submit" colorPalette="brand" width="full" loading={request.isPending} data-testid={`${idPrefix}-send`}>
            {t('magic.send')}
          </Button>
        </Stack>
      </form>
    );
  }

  const code = codeForm.register('code');
  return (
    <form noValidate onSubmit={(e) => void codeForm.handleSubmit(onVerify)(e)}>
      <Stack gap="4">
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description data-testid={`${idPrefix}-sent`}>{sentText(sentTo)}</Alert.Description>
        </Alert.Root>
        <FormField label={t('magic.code')} helperText={t('magic.codeHelp')} error={codeForm.message('code')} required>
          <Input
            {...code}
            onChange={(e) => {
              // Digits only, six at most, whatever was typed or pasted.
              e.currentTarget.value = e.currentTarget.value.replace(/\D/g, '').slice(0, 6);
              void code.onChange(e);
            }}
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
            dir="ltr"
            textAlign="center"
            fontSize="2xl"
            letterSpacing="0.5em"
            fontFamily="mono"
            height="14"
            autoFocus
            data-testid={`${idPrefix}-code`}
          />
        </FormField>
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title data-testid={`${idPrefix}-error`}>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="brand" width="full" loading={verify.isPending} data-testid={`${idPrefix}-verify`}>
          {t('magic.verify')}
        </Button>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setSentTo(null);
              setFailure(null);
              emailForm.reset({ email: sentTo });
            }}
          >
            {t('magic.changeEmail')}
          </Button>
          <Button variant="ghost" size="sm" loading={request.isPending} onClick={() => sendCode(sentTo)}>
            {t('magic.resend')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
