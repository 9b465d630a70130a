import { Button, Card, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  ATTACHMENT_MAX_MB,
  buildPath,
  api,
  createTicketSchema,
  TICKET_CATEGORIES,
  TICKET_LIMITS,
  TICKET_PRIORITIES,
  TICKET_SLA_HOURS,
  type CreateTicketRequest,
  type TicketAttachment,
  type TicketDetail,
} from '@muster/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { uploadFile } from '../../lib/api';
import { useMusterForm } from '../../lib/forms';
import { FilePickerButton, PendingFiles } from './AttachmentPicker';
import { ticketKeys, useCreateTicket } from './useTickets';
import { errorText } from '../../lib/error-text';

/** /app/tickets/new: subject, description, category, priority and optional files. */
export default function NewTicketPage() {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateTicket();
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const form = useMusterForm(createTicketSchema, { subject: '', description: '', category: '', priority: 'normal' });

  /** Attaches the chosen files one by one; a file that fails is reported, the others still go. */
  const attachAll = async (ticket: TicketDetail) => {
    setUploading(true);
    for (const file of files) {
      try {
        await uploadFile<TicketAttachment>(buildPath(api.tickets.upload.path, { id: ticket.id }), file, file.name);
      } catch (err) {
        toaster.create({
          type: 'warning',
          title: t('new.uploadFailed', { name: file.name, message: errorText(t, err) }),
        });
      }
    }
    // The ticket's cached detail predates its files.
    if (files.length) await queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticket.id) });
    setUploading(false);
    toaster.create({ type: 'success', title: t('new.created', { number: ticket.number }), description: t('new.createdText') });
    void navigate(`/app/tickets/${ticket.id}`);
  };

  const onValid = (data: CreateTicketRequest) => {
    create.mutate(data, {
      onSuccess: (ticket) => void attachAll(ticket),
      onError: (err) => {
        if (!form.setServerErrors(err)) toaster.create({ type: 'error', title: t('new.failed'), description: errorText(t, err) });
      },
    });
  };

  return (
    <Stack gap="5" maxWidth="3xl" data-testid="new-ticket-page">
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('new.title')}
        </Heading>
        <Text color="fg.muted">{t('new.subtitle')}</Text>
      </Stack>
      <Card.Root variant="outline" asChild>
        <form noValidate onSubmit={(e) => void form.handleSubmit(onValid)(e)} data-testid="new-ticket-form">
          <Card.Body>
            <Stack gap="4">
              <FormField
                label={t('new.subject')}
                error={form.message('subject')}
                helperText={t('new.subjectHint', { min: TICKET_LIMITS.subjectMin, max: TICKET_LIMITS.subjectMax })}
                required
              >
                <Input {...form.register('subject')} maxLength={TICKET_LIMITS.subjectMax} data-testid="ticket-subject" />
              </FormField>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                <FormField label={t('new.category')} error={form.message('category')} required>
                  <NativeSelect.Root>
                    <NativeSelect.Field {...form.register('category')} data-testid="ticket-category">
                      <option value="" disabled>
                        {t('new.categoryPlaceholder')}
                      </option>
                      {TICKET_CATEGORIES.map((c) => (
                        <option key={c} value={c}>
                          {t(`category.${c}`)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </FormField>
                <FormField
                  label={t('new.priority')}
                  error={form.message('priority')}
                  helperText={t('new.priorityHint', {
                    urgent: TICKET_SLA_HOURS.urgent.firstResponse,
                    normal: TICKET_SLA_HOURS.normal.firstResponse,
                  })}
                >
                  <NativeSelect.Root>
                    <NativeSelect.Field {...form.register('priority')} data-testid="ticket-priority">
                      {TICKET_PRIORITIES.map((p) => (
                        <option key={p} value={p}>
                          {t(`priority.${p}`)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </FormField>
              </SimpleGrid>
              <FormField label={t('new.description')} error={form.message('description')} helperText={t('new.descriptionHint')} required>
                <Textarea {...form.register('description')} rows={7} maxLength={TICKET_LIMITS.bodyMax} data-testid="ticket-description" />
              </FormField>
              <Stack gap="2">
                <Text fontWeight="medium" fontSize="sm" id="new-ticket-files">
                  {t('new.attachments')}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {t('new.attachmentsHint', { max: ATTACHMENT_MAX_MB })}
                </Text>
                <PendingFiles files={files} onRemove={(i) => setFiles((current) => current.filter((_, j) => j !== i))} />
                <HStack>
                  <FilePickerButton
                    label={t('new.addFiles')}
                    multiple
                    testId="ticket-files"
                    onFiles={(added) => setFiles((current) => [...current, ...added])}
                    onRejected={(file) =>
                      toaster.create({ type: 'error', title: t('new.tooLarge', { name: file.name, max: ATTACHMENT_MAX_MB }) })
                    }
                  />
                </HStack>
              </Stack>
              <HStack gap="3" wrap="wrap">
                <Button type="submit" colorPalette="brand" loading={create.isPending || uploading} data-testid="ticket-submit">
                  {t('new.submit')}
                </Button>
                <Button asChild variant="ghost">
                  <RouterLink to="/app/my-tickets">{t('new.cancel')}</RouterLink>
                </Button>
              </HStack>
            </Stack>
          </Card.Body>
        </form>
      </Card.Root>
    </Stack>
  );
}
