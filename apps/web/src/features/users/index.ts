/** What other features use of users (decision 268): a feature reaches another only through its index. */
export * from './api/users-api';
export * from './components/TagsInUsePanel';
export * from './components/UserForm';
export * from './components/UsersPanel';
export * from './lib/user-form';
