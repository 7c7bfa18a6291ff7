import { can } from '@regcheck/shared/permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fichasKeys } from '../../../app/query/keys/fichas-keys';
import { screeningKeys } from '../../../app/query/keys/screening-keys';
import { DismissHitModal, type DismissTarget } from '../../../app/screening/DismissHitModal';
import type { FichaHitExtra } from '../../../app/screening/FichaHitDrawer';
import { screeningReviewApi } from '../../../app/screening/screening-review-api';
import { useUser } from '../../../app/session/useSession';
import { PEP_REGISTER_LIST, PepMatch } from '../../fichas';
import { notificationsKeys } from '../keys';

type Props = Parameters<FichaHitExtra>;

/**
 * The PEP register's match decision in the notifications' hit drawer (issue 24): the same panel, call and permission
 * as the ficha's Lists tab (`blacklistAdmin`, the screening reviewers; the server audits `ficha.pep.confirmed`).
 * "Confirm it is the same person" makes the register entry a source of the ficha's PEP status; "Not the same person"
 * opens the audited dismissal. The other roles see the state without the buttons. Nothing for another list's hit.
 */
export function NotificationPepMatch({ ficha, hit }: { ficha: Props[0]; hit: Props[1] }) {
  const user = useUser();
  const qc = useQueryClient();
  const canReview = can({ role: user.role, company: user.company }, 'blacklistAdmin');
  const [dismiss, setDismiss] = useState<DismissTarget | null>(null);
  const isPep = hit.listId === PEP_REGISTER_LIST;
  // a dismissal proposed and waiting for its second reviewer: no decision here until it is decided
  const proposals = useQuery({
    queryKey: screeningKeys.dismissals(ficha.id),
    queryFn: () => screeningReviewApi.dismissals({ fichaId: ficha.id, limit: 200 }),
    enabled: isPep && canReview,
  });
  if (!isPep) return null;
  const pending = (proposals.data?.data ?? []).some(
    (p) => p.listId === hit.listId && p.entityId === hit.entityId && p.status === 'pending',
  );
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: fichasKeys.detail(ficha.id) });
    void qc.invalidateQueries({ queryKey: screeningKeys.dismissals(ficha.id) });
    void qc.invalidateQueries({ queryKey: notificationsKeys.all });
  };
  return (
    <>
      <PepMatch
        ficha={ficha}
        personId={hit.entityId}
        listName={hit.listName}
        dismissed={hit.dismissed}
        pendingDismissal={pending}
        canDecide={canReview}
        onNotSame={() =>
          setDismiss({ fichaId: ficha.id, listId: hit.listId, entityId: hit.entityId, name: hit.matchedName })
        }
        onChanged={refresh}
        compact
      />
      <DismissHitModal target={dismiss} onClose={() => setDismiss(null)} onDone={refresh} />
    </>
  );
}
