import { Accordion, Badge, Code, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api';
import { DashboardSkeleton } from '../../shell/Loading';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
}

interface Operation {
  summary?: string;
  tags?: string[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, { description: string; content?: { 'application/json': { schema: JsonSchema } } }>;
}

interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}

const METHOD_COLORS: Record<string, string> = { get: 'blue', post: 'green', put: 'orange', patch: 'purple', delete: 'red' };

function typeOf(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map(String).join(' | ');
  if (schema.type === 'array' && schema.items) return `${typeOf(schema.items)}[]`;
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'object');
  return schema.format ? `${type} (${schema.format})` : type;
}

function SchemaTable({ schema, label }: { schema: JsonSchema; label: string }) {
  const { t } = useTranslation('apiDocs');
  const target = schema.type === 'array' && schema.items ? schema.items : schema;
  const properties = Object.entries(target.properties ?? {});
  if (!properties.length) return <Text fontSize="sm">{t('schemaType', { label, type: typeOf(schema) })}</Text>;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm">
        <Table.Caption captionSide="top" textAlign="start">
          {label}
          {schema.type === 'array' ? ` (${t('arrayOf')})` : ''}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('field')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('type')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('required')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {properties.map(([name, prop]) => (
            <Table.Row key={name}>
              <Table.Cell>
                <Code dir="ltr">{name}</Code>
              </Table.Cell>
              <Table.Cell dir="ltr">{typeOf(prop)}</Table.Cell>
              <Table.Cell>{target.required?.includes(name) ? t('yes') : t('no')}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** /app/api-docs: the API's own OpenAPI document, grouped by area. */
export default function ApiDocsPage() {
  const { t } = useTranslation('apiDocs');
  const doc = useQuery({
    queryKey: ['/api/docs/openapi.json'],
    queryFn: () => apiRequest<OpenApiDocument>('GET', '/api/docs/openapi.json'),
  });
  if (!doc.data) return <DashboardSkeleton cards={0} rows={8} />;
  const byTag = new Map<string, { method: string; path: string; op: Operation }[]>();
  for (const [path, ops] of Object.entries(doc.data.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags?.[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }]);
    }
  }
  return (
    <Stack gap="6">
      <Stack gap="2">
        <Heading as="h1" size="2xl">
          {t('title')}
        </Heading>
        <Text color="fg.muted">{t('intro', { version: doc.data.info.version })}</Text>
        <Text fontSize="sm">
          <a href="/api/docs/openapi.json">{t('download')}</a>
        </Text>
      </Stack>
      {[...byTag.entries()].map(([tag, operations]) => (
        <Stack key={tag} gap="3">
          <Heading as="h2" size="lg" textTransform="capitalize">
            {tag}
          </Heading>
          {/* Bodies mount when opened: the whole API rendered at once takes seconds on a slow device. */}
          <Accordion.Root collapsible multiple lazyMount unmountOnExit variant="enclosed">
            {operations.map(({ method, path, op }) => (
              <Accordion.Item key={`${method} ${path}`} value={`${method} ${path}`}>
                <Accordion.ItemTrigger>
                  <HStack gap="3" flex="1" minWidth="0" wrap="wrap">
                    <Badge
                      colorPalette={METHOD_COLORS[method] ?? 'gray'}
                      variant="surface"
                      minWidth="16"
                      justifyContent="center"
                      fontWeight="bold"
                    >
                      {method.toUpperCase()}
                    </Badge>
                    <Code dir="ltr">{path}</Code>
                    <Text fontSize="sm" color="fg.muted" truncate>
                      {op.summary}
                    </Text>
                  </HStack>
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
                <Accordion.ItemContent>
                  <Accordion.ItemBody>
                    <Stack gap="4">
                      {op.requestBody && <SchemaTable schema={op.requestBody.content['application/json'].schema} label={t('body')} />}
                      {Object.entries(op.responses)
                        .filter(([status]) => status !== 'default')
                        .map(([status, response]) =>
                          response.content ? (
                            <SchemaTable
                              key={status}
                              schema={response.content['application/json'].schema}
                              label={t('response', { status })}
                            />
                          ) : (
                            <Text key={status} fontSize="sm">
                              {t('responseEmpty', { status })}
                            </Text>
                          ),
                        )}
                    </Stack>
                  </Accordion.ItemBody>
                </Accordion.ItemContent>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        </Stack>
      ))}
    </Stack>
  );
}
