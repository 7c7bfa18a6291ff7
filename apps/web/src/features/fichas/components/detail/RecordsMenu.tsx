import { Button, Menu, SimpleGrid } from '@mantine/core';
import { canAny, type PermissionKey } from '@regcheck/shared/permissions';
import { IconChevronDown, IconFileSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../../../../app/session/useSession';
import type { FichaWithRelations } from '../../api/fichas-api';

interface Item {
  /** the page under /home/records/{run}/ (or an absolute path) */
  to: string;
  /** its title, shell:routes.* */
  title: string;
  /** any of these opens it (the page's own route guard); none: every company user */
  permission?: readonly PermissionKey[];
}
interface Group {
  label: string;
  items: Item[];
}

const item = (to: string, title: string, ...permission: PermissionKey[]): Item => ({
  to,
  title,
  permission: permission.length ? permission : undefined,
});

/**
 * The record pages of a person by the ficha's document and person type: the Chilean sources for a RUT, the
 * Brazilian ones for a CPF or CNPJ, the relations of a legal person; each page only when the user's role opens it.
 */
export function recordGroups(ficha: Pick<FichaWithRelations, 'dniType' | 'personType'>): Group[] {
  const doc = ficha.dniType.document.toUpperCase();
  const chile = doc === 'RUT';
  const brazil = doc === 'CPF' || doc === 'CNPJ';
  const legal = ficha.personType === 'legal';
  const groups: Group[] = [
    {
      label: 'relations',
      items: [
        ...(legal
          ? [
              item('representatives', 'representatives'),
              item('beneficiaries', 'beneficiaries'),
              item('partners', 'partners'),
              item('relatedCompanies', 'relatedCompanies'),
            ]
          : []),
        item('automaticRelations', 'automaticRelations'),
        item('historial', 'historial'),
        item('transaction', 'transaction', 'history', 'search'),
      ],
    },
  ];
  if (chile)
    groups.push(
      {
        label: 'courts',
        items: [
          item('causasCivilesChile', 'causasCivilesChile'),
          item('causasLaboralesChile', 'causasLaboralesChile'),
          item('causasMedioambientales', 'causasMedioambientales'),
          item('poderJudicialCriminal', 'poderJudicialCriminal'),
          item('poderJudicialCriminalChile', 'poderJudicialCriminalChile'),
          item('poderJudicialLaboral', 'poderJudicialLaboral'),
        ],
      },
      {
        label: 'registries',
        items: [
          item('boletinConcursal', 'boletinConcursal'),
          item('carpetaTributaria', 'carpetaTributaria'),
          item('businessReport', 'businessReport', 'commercialReport'),
          item('pepMexico', 'pepMexico'),
        ],
      },
    );
  if (brazil)
    groups.push(
      { label: 'courts', items: [item('judiciaryBrazil', 'judiciaryBrazil')] },
      {
        label: 'registries',
        items: [
          item('validadorCPF-CNPJ', 'validatorCpfCnpj'),
          item('pepOutrasRestricoes', 'pepOutrasRestricoes'),
          item('pepMexico', 'pepMexico'),
          item('bacenCircular6', 'bacenCircular6', 'bacen'),
        ],
      },
    );
  if (chile || brazil)
    groups.push({
      label: 'insurance',
      items: [
        item('consorcio-operations', 'consorcioOperations'),
        item('products-asociados', 'productsAsociados'),
        item('policy-detail', 'policyDetail'),
      ],
    });
  groups.push({ label: 'log', items: [item('/home/records/providerCalls', 'providerCalls', 'providerCallLog')] });
  return groups;
}

/** The "Records" menu of the ficha detail: the person's record pages the user may open. */
export function RecordsMenu({ ficha }: { ficha: FichaWithRelations }) {
  const { t } = useTranslation(['fichas', 'shell']);
  const user = useUser();
  const subject = { role: user.role, company: user.company };
  const run = encodeURIComponent(ficha.id);
  const groups = recordGroups(ficha)
    .map((g) => ({ ...g, items: g.items.filter((i) => !i.permission || canAny(subject, i.permission)) }))
    .filter((g) => g.items.length > 0);
  return (
    <Menu position="bottom-start" shadow="md" width={groups.length > 2 ? 620 : 320}>
      <Menu.Target>
        <Button
          variant="light"
          size="compact-md"
          leftSection={<IconFileSearch size={16} />}
          rightSection={<IconChevronDown size={14} />}
          data-testid="records-menu"
        >
          {t('fichas:records.menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <SimpleGrid cols={groups.length > 2 ? 2 : 1} spacing={4} verticalSpacing={4}>
          {groups.map((g) => (
            <div key={g.label}>
              <Menu.Label>{t(`fichas:records.groups.${g.label}`)}</Menu.Label>
              {g.items.map((it) => (
                <Menu.Item
                  key={it.to}
                  component={Link}
                  to={it.to.startsWith('/') ? `${it.to}?fichaId=${run}` : `/home/records/${run}/${it.to}`}
                  data-testid={`records-menu-${it.to.split('/').pop()}`}
                >
                  {t(`shell:routes.${it.title}`)}
                </Menu.Item>
              ))}
            </div>
          ))}
        </SimpleGrid>
      </Menu.Dropdown>
    </Menu>
  );
}
