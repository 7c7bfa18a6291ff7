export * from './cnpj';
export * from './company-tax-id';
export * from './country-documents';
export * from './cpf';
export * from './display';
export { brazilMod11, isAllSameChar } from './mod11';
export * from './rut';
