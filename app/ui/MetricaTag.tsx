/**
 * The Yandex Metrica counter with e-commerce read from `dataLayer` (integrations.md
 * section 7). Rendered only when METRICA_COUNTER_ID is set; loaded async, never blocking.
 */
export function MetricaTag({ counterId }: { counterId: string }) {
  const id = Number(counterId);
  const snippet = `window.dataLayer=window.dataLayer||[];(function(m,e,t,r,i,k,a){m[i]=m[i]||function(){(m[i].a=m[i].a||[]).push(arguments)};m[i].l=1*new Date();k=e.createElement(t),a=e.getElementsByTagName(t)[0];k.async=1;k.src=r;a.parentNode.insertBefore(k,a)})(window,document,"script","https://mc.yandex.ru/metrika/tag.js","ym");ym(${id},"init",{clickmap:true,trackLinks:true,accurateTrackBounce:true,ecommerce:"dataLayer"});`;
  return <script dangerouslySetInnerHTML={{ __html: snippet }} />;
}
