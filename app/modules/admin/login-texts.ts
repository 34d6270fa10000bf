/** What /admin/login says (shown by the page, used by the server). */
export const staffLoginTexts = {
  codeSent: "Если номер есть в списке сотрудников, на него отправлен код. Введите его.",
  signedIn: "Вы вошли в панель управления",
  signedOut: "Вы вышли из панели управления",
  needCodeFirst: "Сначала запросите код",
} as const;
