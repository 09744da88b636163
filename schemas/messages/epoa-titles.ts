/**
 * The МЧД pages' titles (docs/epoa.md): the route table and the account's link import only this
 * module, so the site's first load carries no other text of the registry (schemas/messages/epoa.ts).
 */
export const EPOA_TITLES = {
  hub: "Машиночитаемые доверенности",
  principal: "Поиск МЧД по доверителю",
  representative: "Поиск МЧД по представителю",
  model: "Формат МЧД и образцы",
  revoked: "Отозванные МЧД",
  account: "Машиночитаемые доверенности организации",
} as const
