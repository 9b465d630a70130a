import { AUDIT_BUNDLE_FILES, type CustodyEvent } from '@muster/contracts';

/** One record's custody log as the bundle carries it. */
export interface RecordCustody {
  recordId: string;
  title: string;
  path: string;
  events: CustodyEvent[];
}

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =,+,-,@ is defused for spreadsheets. */
function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** custody.csv: one line per custody event of every record, oldest first per record. */
export function custodyCsv(logs: readonly RecordCustody[]): string {
  const lines = [
    ['record_id', 'record_title', 'path', 'at', 'action', 'actor', 'actor_kind', 'detail', 'chain_seq', 'chain_hash'].join(','),
  ];
  for (const log of logs) {
    for (const e of log.events) {
      lines.push(
        [log.recordId, log.title, log.path, e.at, e.action, e.actor, e.actorKind, e.detail, e.seq, e.hash]
          .map((v) => csvField(v))
          .join(','),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** README.txt: what the bundle holds and how to check it without Muster. */
export function bundleReadme(input: {
  bundleId: string;
  organisation: string;
  auditor: string;
  createdAt: string;
  kid: string;
  keysUrl: string;
  verifyUrl: string;
  records: number;
}): string {
  const { manifest, signature, custodyCsv: csv, custodyJson: json } = AUDIT_BUNDLE_FILES;
  return `Muster audit bundle ${input.bundleId}
Organisation: ${input.organisation}
Built for: ${input.auditor}
Built at: ${input.createdAt}
Records: ${String(input.records)}

WHAT IS IN THIS ZIP
  records/<kind>/<date>-<title>-<id>.<ext>   the evidence records' files, byte for byte as they were added
  ${json}, ${csv}                            each record's custody log (views, downloads, shares, holds,
                                              reviews), with each event's position and hash in the
                                              organisation's tamper-evident audit chain
  ${manifest}                                every file above with its size and SHA-256, what each
                                              record is (title, period, rules), the scope and the auditor
  ${signature}                                 the Ed25519 signature of ${manifest} (base64), by the key "${input.kid}"
  README.txt                                  this file

HOW TO VERIFY
1. The files match the manifest. Unzip, then for each entry of "files" in ${manifest} compare
   its size and SHA-256, for example with jq and sha256sum:

     jq -r '.files[] | "\\(.sha256)  \\(.path)"' ${manifest} | sha256sum -c -

   Every line must say OK.

2. The manifest is the one Muster signed. The public keys are published at
   ${input.keysUrl}
   Take the key whose "kid" is "${input.kid}" and check ${signature} over the exact bytes of ${manifest}.

   With Node.js (18 or later), in the unzipped folder:

     node -e '
       const c = require("node:crypto"), fs = require("node:fs");
       fetch(process.argv[1]).then((r) => r.json()).then(({ keys }) => {
         const k = keys.find((key) => key.kid === process.argv[2]);
         const pub = c.createPublicKey({ key: k.jwk, format: "jwk" });
         const sig = Buffer.from(fs.readFileSync("${signature}", "utf8").trim(), "base64");
         console.log(c.verify(null, fs.readFileSync("${manifest}"), pub, sig) ? "signature OK" : "signature BAD");
       });' '${input.keysUrl}' '${input.kid}'

   With OpenSSL 3 (put the key's "publicKey" value, base64url, in KEY):

     KEY='<publicKey of ${input.kid}>'
     { printf '302a300506032b6570032100' | xxd -r -p; printf '%s=' "$KEY" | tr '_-' '/+' | base64 -d; } > key.der
     openssl pkey -pubin -inform DER -in key.der -out key.pem
     base64 -d ${signature} > manifest.sig.bin
     openssl pkeyutl -verify -pubin -inkey key.pem -rawin -in ${manifest} -sigfile manifest.sig.bin

3. Or choose ${manifest} on ${input.verifyUrl}: Muster says whether it signed this manifest,
   for which organisation and auditor, and when.
`;
}
