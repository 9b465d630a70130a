import { Alert, Button, Card, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { memberNamesSchema } from '@muster/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField';
import { errorText, refusalOf } from '../../lib/error-text';
import { useMusterForm } from '../../lib/forms';
import { useSignedInSession } from '../auth/signed-in-session';
import { useNamePrompt, useSaveNames, useSkipNames } from './members-api';

/**
 * At the first sign-in of a member without a first and last name (sign-up asks only spec §2's
 * fields), the app asks for them. It may be skipped once (the server remembers); the next sign-in
 * asks again, without the skip. A non-modal dialog at the top of the page: the page stays usable
 * behind it. Mounted by the app shell.
 */
export function NamePromptDialog() {
  const { t } = useTranslation('members');
  const titleId = useId();
  const session = useSignedInSession();
  const missing = !session.user.firstName?.trim() || !session.user.lastName?.trim();
  const prompt = useNamePrompt(missing && session.org !== null);
  const save = useSaveNames();
  const skip = useSkipNames();
  const form = useMusterForm(memberNamesSchema, { firstName: session.user.firstName ?? '', lastName: session.user.lastName ?? '' });
  if (!missing || prompt.data?.ask !== true) return null;
  const submit = form.handleSubmit((body) => save.mutate(body, { onError: (err) => void form.setServerErrors(err) }));
  const skippable = prompt.data.skippable;
  const failure = save.error && Object.keys(refusalOf(save.error)?.fields ?? {}).length === 0 ? save.error : skip.error;
  return (
    <Card.Root
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      variant="outline"
      borderColor="brand.muted"
      mb="5"
      data-testid="name-prompt"
    >
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Card.Body gap="4">
          <Stack gap="1">
            <Heading as="h2" size="md" id={titleId}>
              {t('names.title')}
            </Heading>
            <Text color="fg.muted">{skippable ? t('names.text') : t('names.textRequired')}</Text>
          </Stack>
          {failure && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Description>{errorText(t, failure)}</Alert.Description>
            </Alert.Root>
          )}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField label={t('names.firstName')} error={form.message('firstName')} required>
              <Input {...form.register('firstName')} autoComplete="given-name" dir="auto" data-testid="name-first" />
            </FormField>
            <FormField label={t('names.lastName')} error={form.message('lastName')} required>
              <Input {...form.register('lastName')} autoComplete="family-name" dir="auto" data-testid="name-last" />
            </FormField>
          </SimpleGrid>
          <HStack gap="2" justify="flex-end" wrap="wrap">
            {skippable && (
              <Button variant="ghost" onClick={() => skip.mutate()} loading={skip.isPending} data-testid="name-skip">
                {t('names.skip')}
              </Button>
            )}
            <Button type="submit" colorPalette="brand" loading={save.isPending} data-testid="name-save">
              {t('names.save')}
            </Button>
          </HStack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}
