/**
 * The home page's content (and the region pages'): what the certification authority issues, for whom
 * and how to get it. Page content, loaded with the home page's chunk; its title and lead, which the
 * route table names the page by, are in schemas/messages/common.ts. The content issue hands it to the CRM.
 */
export const homeContent = {
  buy: "Купить подпись",
  price: "Посмотреть цены",
  whatTitle: "Что мы выпускаем",
  what: [
    { title: "Подпись для участников торгов", text: "Для работы на электронных площадках государственных закупок по 44-ФЗ и закупок отдельных видов юридических лиц по 223-ФЗ, а также на коммерческих площадках.", href: "/price", link: "Тарифы для торгов" },
    { title: "Подпись для организаций", text: "Для электронного документооборота, отчётности и работы с государственными информационными системами.", href: "/corporate", link: "Подробнее" },
    { title: "Машиночитаемая доверенность", text: "Для сотрудников, которые подписывают документы от имени организации своей личной подписью.", href: "/epoa", link: "Подробнее" },
  ],
  whoTitle: "Для кого",
  who: [
    // Each to its documents on /doc_needs (its sections' ids are `applicant-{kind}`).
    { title: "Юридические лица", text: "Подпись для сотрудников и представителей организации.", href: "/doc_needs#applicant-legal_entity" },
    { title: "Индивидуальные предприниматели", text: "Подпись для участия в закупках и работы с контрагентами.", href: "/doc_needs#applicant-entrepreneur" },
    { title: "Физические лица", text: "Подпись для личных дел: от портала госуслуг до подписания договоров.", href: "/doc_needs#applicant-individual_person" },
  ],
  howTitle: "Как получить подпись",
  how: [
    { title: "Выберите тариф", text: "Подберите подпись под вашу задачу и площадки.", href: "/price", link: "Цены" },
    { title: "Оформите заявку", text: "Заполните заявку на сайте — в офисе или удалённо.", href: "/buy", link: "Как купить" },
    { title: "Подготовьте документы", text: "Список зависит от того, кто получает подпись.", href: "/doc_needs", link: "Необходимые документы" },
    { title: "Подтвердите личность", text: "Придите в офис обслуживания или пройдите удалённую идентификацию и получите сертификат.", href: "/office", link: "Офисы обслуживания" },
  ],
  platformsTitle: "Площадки",
  platformsText: "Перед покупкой проверьте, на каких электронных площадках вы будете работать: от этого зависит состав подписи.",
  platformsLink: "Электронные торговые площадки",
} as const
