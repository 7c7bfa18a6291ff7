export * from './countries';
export { COUNTRY_DATA } from './countries.data';
