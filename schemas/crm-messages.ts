/**
 * The CRM's own texts (its resources' rules and answers): apart from schemas/messages.ts so that the site's first load carries none of them.
 */
export const crmMessages = {
  unknownParent: "Родительский пункт не найден",
  cyclicParent: "Пункт меню не может быть вложен в самого себя или в своего потомка",
  duplicateSlug: "Город с таким адресом уже существует",
  duplicateRubricSlug: "Рубрика с таким адресом уже существует",
  reservedSlug: "Этот адрес занят страницей сайта",
  slugFormat: "Используйте строчные латинские буквы, цифры и дефис",
  urlFormat: "Укажите адрес, начинающийся с «/» или «http»",
  hasChildren: "Сначала удалите или перенесите вложенные пункты",
} as const
