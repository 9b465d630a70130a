import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Reading rendered PDFs back, for the tests of every document: poppler's pdftotext and pdffonts
 * (poppler-utils, which .ci/run installs) on a temporary copy of the file.
 */
export function poppler(tool: 'pdftotext' | 'pdffonts', pdf: Buffer, args: string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'muster-pdf-'));
  const file = join(dir, `${randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  try {
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${tool} is not installed: these tests read the PDFs with poppler-utils (apt-get install poppler-utils)`, {
        cause: error,
      });
    }
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF, as pdftotext reads it. */
export function extractText(pdf: Buffer): string {
  return poppler('pdftotext', pdf, ['-enc', 'UTF-8']);
}

/** Lines of page 1 as pdftotext lays them out: their left and right edges. */
export function lineEdges(pdf: Buffer): { left: number; right: number }[] {
  return [
    ...poppler('pdftotext', pdf, ['-bbox-layout', '-f', '1', '-l', '1']).matchAll(/<line xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"/gu),
  ].map((m) => ({ left: Number(m[1]), right: Number(m[2]) }));
}

const CJK = '[\\p{Script=Han}\\u3000-\\u303f\\uff00-\\uffef]';

/**
 * Text as compared: without the bidi controls pdftotext wraps right-to-left text in (and the
 * isolates of the source), whitespace collapsed, none left between Chinese characters (where a
 * line wrapped), then NFKC (extraction may give Arabic presentation forms). pdftotext counts the
 * colon and the Arabic comma as parts of numbers, and in right-to-left text takes the space before
 * them along ("التجمع، ثم" comes out as "التجمع ،ثم", from any PDF): one space after them, none before.
 */
export function comparable(text: string): string {
  return text
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/\s+/gu, ' ')
    .replace(new RegExp(`(?<=${CJK}) (?=${CJK})`, 'gu'), '')
    .normalize('NFKC')
    .replace(/ ?([،:]) ?/gu, '$1 ')
    .trim();
}
