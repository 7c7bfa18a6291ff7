/** The one document formatter lives in app/format (every feature shows documents the same way). */
export { displayDni } from '../../../app/format/dni';
