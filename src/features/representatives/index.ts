/** Representatives of a director's legal person (docs/account-services.md): the API calls and the phone confirmation, for the account's pages. */
export { PhoneConfirmation } from "./PhoneConfirmation.tsx"
export {
  createRepresentative,
  deleteRepresentative,
  fullName,
  legalPersonOptions,
  listRepresentatives,
  readRepresentative,
  updateRepresentative,
  valuesOf,
  type Representative,
} from "./representatives-api.ts"
