export type HistoryColumn =
  | 'codigo'
  | 'transactionDate'
  | 'participants'
  | 'amount'
  | 'cashAmount'
  | 'status'
  | 'risk'
  | 'forms'
  | 'roe'
  | 'ros'
  | 'creator';

/**
 * Columns of the customer-management table by role and company country (spec 000 §6): front desk sees fewer; the
 * admin also sees ROS and the creator; the ROE (Chilean UAF report) column is shown for Chile only.
 */
export function historyColumns(role: string, country: string | undefined): HistoryColumn[] {
  const cols: HistoryColumn[] = ['codigo', 'transactionDate', 'participants', 'amount', 'status', 'forms'];
  if (role === 'frontdesk') return cols;
  cols.push('cashAmount', 'risk');
  if ((country ?? '').toUpperCase() === 'CL') cols.push('roe');
  if (role === 'admin') cols.push('ros', 'creator');
  return cols;
}
