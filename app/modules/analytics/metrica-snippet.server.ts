/**
 * The Yandex Metrica counter with e-commerce read from `dataLayer` (integrations.md
 * section 7), or null when METRICA_COUNTER_ID is not set (then no analytics at all).
 * The script loads async and never blocks the page.
 */
export function metricaSnippet(counterId: string | undefined): string | null {
  if (!counterId || !/^\d+$/.test(counterId)) return null;
  return `window.dataLayer=window.dataLayer||[];(function(m,e,t,r,i,k,a){m[i]=m[i]||function(){(m[i].a=m[i].a||[]).push(arguments)};m[i].l=1*new Date();k=e.createElement(t),a=e.getElementsByTagName(t)[0];k.async=1;k.src=r;a.parentNode.insertBefore(k,a)})(window,document,"script","https://mc.yandex.ru/metrika/tag.js","ym");ym(${Number(counterId)},"init",{clickmap:true,trackLinks:true,accurateTrackBounce:true,ecommerce:"dataLayer"});`;
}
