import { z } from 'zod';

/**
 * Files people attach (tickets, live chat). The server reads the real type from the file's
 * first bytes (magic numbers), never from the name or the client's content type.
 */
/** Largest attachment in megabytes (as people read it), and in bytes. */
export const ATTACHMENT_MAX_MB = 10;
export const ATTACHMENT_MAX_BYTES = ATTACHMENT_MAX_MB * 1024 * 1024;

/** The types accepted, as detected from the file's content. */
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** What an `<input type="file" accept>` offers (the server still checks the content). */
export const ATTACHMENT_ACCEPT = [...ATTACHMENT_TYPES, '.png', '.jpg', '.jpeg', '.gif', '.webp', '.pdf'].join(',');

/** The multipart field that carries the file. */
export const ATTACHMENT_FIELD = 'file';

/** "Files can be at most 10 MB" for a limit in bytes. */

export const attachmentSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedBy: z.object({ id: z.uuid().nullable(), name: z.string() }),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;
