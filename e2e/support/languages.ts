import { expect, type Page } from '@playwright/test';
import { catalogText } from './catalog';

/** The two screen sizes every screen is looked at in (the guide's 1440x900 and 1280x800). */
export const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
] as const;

/** The product's three languages, as the interface names them. */
export type Lang = 'es' | 'pt-BR' | 'en';

/** Each language's entry in the avatar menu's language switch. */
export const SWITCH: Record<Lang, string> = { 'pt-BR': 'Português', en: 'English', es: 'Español' };

/** The page's `lang` attribute in each language (Portuguese is 'pt'). */
const PAGE_LANG: Record<Lang, string> = { es: 'es', 'pt-BR': 'pt', en: 'en' };

/**
 * Switches the signed-in user's language from the avatar menu and waits until it is saved and applied (the page's
 * `lang` changes only once the server took the choice): a navigation right after a click that was not yet saved
 * would drop it; then closes the account panel. A toast in the top bar is waited out first, as it covers the menu. Takes the language's code or its
 * label in the switch ('Português').
 */
export async function switchLanguage(page: Page, language: Lang | string) {
  const lang = (Object.keys(SWITCH) as Lang[]).find((l) => l === language || SWITCH[l] === language);
  if (!lang) throw new Error(`no language ${language}`);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 30_000 });
  await page.getByTestId('avatar-button').click();
  const panel = page.getByRole('dialog').filter({ has: page.getByTestId('language-switch') });
  await page.getByTestId('language-switch').getByText(SWITCH[lang]).click();
  await expect(page.locator('html')).toHaveAttribute('lang', PAGE_LANG[lang]);
  // the account panel closed by its button, named in the new language (an Escape while the switch saves, its
  // buttons disabled, may find no focus in the panel)
  await panel.getByRole('button', { name: catalogText(lang, 'shell:account.close') }).click();
  await expect(panel).toBeHidden();
}
