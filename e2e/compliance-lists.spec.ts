import { expect, type Page, test } from '@playwright/test';
import { catalogText } from './support/catalog';
import { cutTexts } from './support/cut-text';
import { type Lang, SIZES, SWITCH, switchLanguage } from './support/languages';
import { createCompanyUser, login } from './support/users';

/*
 * Issue 27 point 1 (decision 225): the compliance officer's report page ends with the lists that screened the company,
 * each with its version, date, age in days and state in words, read in Spanish, Portuguese and English at 1440x900
 * and 1280x800, nothing cut.
 */
test.setTimeout(240_000);

test('the compliance report names the lists that screened the company and their age, in three languages', async ({
  page,
  request,
}) => {
  await page.setViewportSize(SIZES[0]);
  await login(page, await createCompanyUser(request, { country: 'cl', role: 'admin' }));
  for (const lang of ['es', 'pt-BR', 'en'] as Lang[]) {
    await switchLanguage(page, lang);
    await page.goto('/home/reports/compliance-officer');
    const lists = page.getByTestId('report-compliance-officer-lists');
    await expect(lists).toBeVisible({ timeout: 60_000 });
    await expect(lists).toContainText(catalogText(lang, 'reports:compliance.listsTable'));
    for (const key of ['list', 'version', 'versionDate', 'ageDays', 'listState'])
      await expect(
        lists.getByRole('columnheader', { name: catalogText(lang, `reports:compliance.${key}`), exact: true }),
      ).toBeVisible();
    // every row's state in words of the reader's language
    const states = ['current', 'stale', 'empty'].map((s) => catalogText(lang, `screening:freshness.states.${s}`));
    const rows = lists.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    for (const row of await rows.all())
      expect(states).toContain(((await row.locator('td').last().textContent()) ?? '').trim());
    for (const size of SIZES) {
      await page.setViewportSize(size);
      expect(await cutTexts(page), `${lang} ${size.width}`).toEqual([]);
      await lists.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: test.info().outputPath(`compliance-lists-${lang}-${size.width}x${size.height}.png`),
      });
    }
    await page.setViewportSize(SIZES[0]);
  }
});
