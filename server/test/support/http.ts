/**
 * Reads a JSON answer for assertions. Tests check shapes with matchers, so the body is
 * deliberately loosely typed here and nowhere else.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export async function json(res: Response): Promise<Loose> {
  return res.json();
}

/** The JSON body of an answer that must have `status` (the body shows in the failure message). */
export async function expectJson<T>(res: Response, status: number): Promise<T> {
  const body = (await res.json()) as T;
  expect({ status: res.status, body }).toMatchObject({ status });
  return body;
}
