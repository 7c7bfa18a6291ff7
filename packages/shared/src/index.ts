export * from './errors';
export * from './locales/index';
export * from './password';
export * from './permissions';
export * from './schemas/auth';
export * from './schemas/common';
export * from './schemas/companies';
export * from './schemas/users';
