import { Checkbox, Group, Pagination, ScrollArea, Select, Skeleton, Table, Text, Tooltip } from '@mantine/core';
import { PAGE_SIZES, paginationRange } from '@regcheck/shared/format/pagination';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cellTooltip } from './cell-tooltip';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** a share of the table's width ('14%') or pixels; the table fits its frame at 1280 px, the text wrapping */
  width?: number | string;
  /** false: the cell never carries the whole-text tooltip (a cell of controls) */
  tooltip?: boolean;
  /** 'right' for amounts */
  align?: 'left' | 'center' | 'right';
}

export interface PaginationState {
  page: number;
  pageSize: number;
  count: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  /** the sizes offered (PAGE_SIZES by default; the court-case tables offer 10, 25, 50) */
  pageSizes?: readonly number[];
  /** the count as the footer says it, when it is not the plain number (the history's "10.000+", an estimate) */
  countText?: string;
}

interface Props<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  /** a row's identity (its `id` by default) */
  getId?: (row: T) => string;
  /** the rows are being read: skeleton rows (false by default: rows the screen already has) */
  loading?: boolean;
  /** what an empty table says (common:table.empty by default) */
  emptyText?: string;
  selected?: string[];
  onSelect?: (ids: string[]) => void;
  pagination?: PaginationState;
  testId?: string;
  /** below this width the table scrolls inside its frame (700 by default) */
  minWidth?: number;
  /** a row's name for its selection checkbox (the spec's "select row" by default) */
  rowLabel?: (row: T) => string;
  /** cells 4 px apart instead of 8: a table of many columns (the history's twelve) that must fit 1280 px */
  dense?: boolean;
  /** a click on a row opens it (the template editor's list) */
  onRowClick?: (row: T) => void;
  /** the row the screen is about (the transaction being edited): tinted */
  highlighted?: (row: T) => boolean;
  /** a row's own background, saying something of it (a hit's fields that agree or differ, in their colours) */
  rowTint?: (row: T) => string | undefined;
  /** the test id of the body alone (its rows without the header's) */
  bodyTestId?: string;
  /** a row's own test id (`table-row` by default) */
  rowTestId?: (row: T) => string;
  /** no header row: a short list whose cells say what they are (a person's related people) */
  headless?: boolean;
}

/** A row's `id`: the identity of most rows. */
function idOf(row: unknown): string {
  return String((row as { id?: unknown }).id);
}

/**
 * One cell's content, whole: its text wraps (never cut), and a text longer than TOOLTIP_MIN_LENGTH, or one its box
 * still cuts, is also shown whole in a tooltip (spec 001 §9, decision 262). A cell that already has its own
 * (TruncatedText) keeps that one.
 */
function Cell({ children, tooltip }: { children: ReactNode; tooltip: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const [label, setLabel] = useState('');
  useLayoutEffect(() => {
    const next = tooltip && ref.current ? cellTooltip(ref.current) : '';
    if (next !== label) setLabel(next);
  });
  const box = (
    <div
      ref={ref}
      data-cell-tooltip={label ? 'true' : undefined}
      style={{ overflowWrap: 'break-word', cursor: label ? 'help' : undefined }}
    >
      {children}
    </div>
  );
  // the tooltip only where there is something to show: a disabled tooltip still ran its positioning hooks in every
  // cell (the fichas list's script 0.41-0.46 s per load without them, 0.54-0.65 s with them; decision 315). A cell
  // whose label appears or goes mounts its box again, once, in the same commit as its first layout
  // (its content's state, if any, starts over then)
  return label ? (
    <Tooltip label={label} multiline maw={400} withinPortal>
      {box}
    </Tooltip>
  ) : (
    box
  );
}

/**
 * The one table of the screens: skeleton loading, an empty state, optional row selection, the spec's pagination
 * footer; every cell's text whole (wrapped, with a tooltip when long: Cell), the columns sharing the frame's width
 * (no sideways scroll at 1280 px; a frame narrower than `minWidth`, a phone, scrolls inside the table's frame).
 */
export function DataTable<T>(props: Props<T>) {
  const { t } = useTranslation('common');
  const {
    columns,
    rows,
    getId = idOf,
    loading,
    emptyText,
    selected,
    onSelect,
    pagination,
    testId,
    minWidth = 700,
    rowLabel,
    dense,
    headless,
    rowTestId,
    bodyTestId,
    highlighted,
    rowTint,
    onRowClick,
  } = props;
  const selectable = !!onSelect && !!selected;
  const ids = (rows ?? []).map(getId);
  const allSelected = ids.length > 0 && ids.every((id) => selected?.includes(id));
  const someSelected = ids.some((id) => selected?.includes(id));
  const span = columns.length + (selectable ? 1 : 0);

  const toggleAll = () => {
    if (!onSelect || !selected) return;
    onSelect(allSelected ? selected.filter((id) => !ids.includes(id)) : [...new Set([...selected, ...ids])]);
  };
  const toggle = (id: string) => {
    if (!onSelect || !selected) return;
    onSelect(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  };

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: 5 }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
      <Table.Tr key={i} data-testid="skeleton-row">
        <Table.Td colSpan={span}>
          <Skeleton height={18} radius="sm" />
        </Table.Td>
      </Table.Tr>
    ));
  } else if (!rows || rows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={span}>
          <Text c="dimmed" ta="center" py="lg" data-testid="table-empty">
            {emptyText ?? t('common:table.empty')}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((row) => {
      const id = getId(row);
      return (
        <Table.Tr
          key={id}
          data-testid={rowTestId?.(row) ?? 'table-row'}
          bg={rowTint?.(row) ?? (highlighted?.(row) ? 'var(--mantine-color-blue-light)' : undefined)}
          onClick={onRowClick ? () => onRowClick(row) : undefined}
          style={onRowClick ? { cursor: 'pointer' } : undefined}
        >
          {selectable && (
            <Table.Td w={40}>
              <Checkbox
                aria-label={rowLabel?.(row) ?? t('common:table.selectRow')}
                checked={selected.includes(id)}
                onChange={() => toggle(id)}
              />
            </Table.Td>
          )}
          {columns.map((c) => (
            <Table.Td key={c.key} ta={c.align} w={headless ? c.width : undefined}>
              <Cell tooltip={c.tooltip !== false}>{c.render(row)}</Cell>
            </Table.Td>
          ))}
        </Table.Tr>
      );
    });
  }

  const range = pagination ? paginationRange(pagination.page, pagination.pageSize, pagination.count) : null;
  const pages = pagination ? Math.max(1, Math.ceil(pagination.count / pagination.pageSize)) : 1;

  return (
    <div data-testid={testId}>
      <ScrollArea>
        <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing={dense ? 4 : 8} miw={minWidth}>
          {!headless && (
            <Table.Thead>
              <Table.Tr>
                {selectable && (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('common:table.selectAll')}
                      checked={allSelected}
                      indeterminate={someSelected && !allSelected}
                      onChange={toggleAll}
                    />
                  </Table.Th>
                )}
                {columns.map((c) => (
                  <Table.Th key={c.key} w={c.width} ta={c.align}>
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
          )}
          <Table.Tbody data-testid={bodyTestId}>{body}</Table.Tbody>
        </Table>
      </ScrollArea>
      {pagination && range && (
        <Group justify="space-between" mt="sm" wrap="wrap">
          <Text size="sm" c="dimmed" data-testid="pagination-text">
            {t('common:table.showing', {
              from: range.from,
              to: range.to,
              count: pagination.countText ?? pagination.count,
            })}
          </Text>
          <Group gap="sm">
            <Select
              aria-label={t('common:table.pageSize')}
              w={77}
              data={(pagination.pageSizes ?? PAGE_SIZES).map((s) => String(s))}
              value={String(pagination.pageSize)}
              onChange={(v) => v && pagination.onPageSize(Number(v))}
              comboboxProps={{ withinPortal: true }}
              maxDropdownHeight={350}
            />
            <Pagination
              total={pages}
              value={Math.min(pagination.page, pages)}
              onChange={pagination.onPage}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': t(`common:table.${control}`) })}
            />
          </Group>
        </Group>
      )}
    </div>
  );
}
