import type { Generated } from 'kysely';

export type ProposalStatus = 'pending' | 'approved' | 'rejected';

export interface MatchDismissalProposalsTable {
  id: Generated<string>;
  companyId: string;
  fichaId: string;
  listId: string;
  entityId: string;
  entryHash: string;
  matchedName: string;
  reasonCode: string;
  reasonText: string | null;
  status: Generated<ProposalStatus>;
  proposedBy: string;
  proposedAt: Generated<Date>;
  decidedBy: string | null;
  decidedAt: Date | null;
  decisionComment: string | null;
}

export interface ScreeningSettingsTable {
  companyId: string;
  criticalLists: Generated<string[]>;
  dismissalReasons: Generated<string[]>;
  fourEyesNonCritical: Generated<boolean>;
  updatedBy: string | null;
  updatedAt: Generated<Date>;
}

export interface DismissalsTables {
  matchDismissalProposals: MatchDismissalProposalsTable;
  screeningSettings: ScreeningSettingsTable;
}
