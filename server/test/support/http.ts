/**
 * Reads a JSON answer for assertions. Tests check shapes with matchers, so the body is
 * deliberately loosely typed here and nowhere else.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export async function json(res: Response): Promise<Loose> {
  return res.json();
}
