import type { PacketDocument, PacketRule, Role } from '@muster/contracts';

/** Who a packet is made for: the requester as their principal was when they asked. */
export interface PacketActor {
  userId: string;
  orgId: string;
  role: Role;
  name: string;
  email: string | null;
  timeZone: string;
}

/** A profile's rules evaluated for a period: what the packet's status table shows and which drill runs count. */
export interface PacketEvaluation {
  profile: { id: string; name: string };
  rules: PacketRule[];
  /** The organisation's effective SOPs and the library's documents linked to the profile's rules. */
  documents: PacketDocument[];
}

/**
 * The compliance side as the packets see it (the compliance profiles module's service behind
 * it, see `compliance-evaluator.ts`). An unknown profile of the organisation is a 404.
 */
export abstract class PacketEvaluator {
  abstract evaluate(actor: PacketActor, profileId: string, period: { from: string; to: string }): Promise<PacketEvaluation>;
}
