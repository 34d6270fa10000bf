/** A buyer's 115-FZ identification as the identification forms post it (the checkout's step, a large pre-order's). */
export const passportForm = {
  fullName: "Иванов Пётр Сергеевич",
  birthDate: "14.03.1980",
  citizenship: "Россия",
  passportSeries: "4510",
  passportNumber: "123456",
  issueDate: "01.04.2000",
  issuer: "ОВД района Хамовники г. Москвы",
  issuerCode: "772-001",
  registrationAddress: "г. Москва, ул. Тверская, д. 1, кв. 2",
  consent: "on",
};
