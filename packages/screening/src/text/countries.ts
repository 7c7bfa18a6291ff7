// Country names (English, Spanish, Portuguese and list spellings) to ISO 3166-1 alpha-2.
const SPEC =
  'AF afghanistan/afganistan|AL albania|DZ algeria/argelia|AD andorra|AO angola|AG antigua and barbuda|' +
  'AR argentina|AM armenia|AU australia|AT austria|AZ azerbaijan/azerbaiyan|BS bahamas/the bahamas|BH bahrain/barein|' +
  'BD bangladesh|BB barbados|BY belarus/bielorrusia|BE belgium/belgica|BZ belize|BJ benin|BT bhutan|' +
  'BO bolivia/plurinational state of bolivia|BA bosnia and herzegovina/bosnia-herzegovina|BW botswana|' +
  'BR brazil/brasil|BN brunei/brunei darussalam|BG bulgaria|BF burkina faso|BI burundi|KH cambodia/camboya|' +
  'CM cameroon/camerun|CA canada|CV cape verde/cabo verde|CF central african republic|TD chad|CL chile|' +
  'CN china/peoples republic of china|CO colombia|KM comoros|CG congo/republic of the congo|' +
  'CD democratic republic of the congo/congo democratic republic/drc/the democratic republic of the congo|' +
  'CR costa rica|CI cote divoire/ivory coast|HR croatia/croacia|CU cuba|CY cyprus/chipre|CZ czech republic/czechia|' +
  'DK denmark/dinamarca|DJ djibouti|DM dominica|DO dominican republic/republica dominicana|EC ecuador|' +
  'EG egypt/egipto|SV el salvador|GQ equatorial guinea|ER eritrea|EE estonia|SZ eswatini/swaziland|' +
  'ET ethiopia/etiopia|FJ fiji|FI finland/finlandia|FR france/francia|GA gabon|GM gambia/the gambia|' +
  'GE georgia|DE germany/alemania|GH ghana|GR greece/grecia|GD grenada|GT guatemala|GN guinea|' +
  'GW guinea-bissau/guinea bissau|GY guyana|HT haiti|HN honduras|HK hong kong|HU hungary/hungria|' +
  'IS iceland|IN india|ID indonesia|IR iran/islamic republic of iran/iran (islamic republic of)|IQ iraq/irak|' +
  'IE ireland/irlanda|IL israel|IT italy/italia|JM jamaica|JP japan/japon|JO jordan/jordania|KZ kazakhstan|' +
  'KE kenya|KI kiribati|KP north korea/korea north/democratic peoples republic of korea/korea, north/' +
  "democratic people's republic of korea/dprk|KR south korea/korea south/republic of korea/korea, south|" +
  'KW kuwait|KG kyrgyzstan|LA laos/lao peoples democratic republic/lao pdr|LV latvia|LB lebanon/libano|' +
  'LS lesotho|LR liberia|LY libya/libia|LI liechtenstein|LT lithuania|LU luxembourg|MO macau/macao|' +
  'MG madagascar|MW malawi|MY malaysia/malasia|MV maldives|ML mali|MT malta|MH marshall islands|' +
  'MR mauritania|MU mauritius|MX mexico|FM micronesia|MD moldova/republic of moldova|MC monaco|' +
  'MN mongolia|ME montenegro|MA morocco/marruecos|MZ mozambique|MM burma/myanmar|NA namibia|NR nauru|' +
  'NP nepal|NL netherlands/paises bajos/holland|NZ new zealand|NI nicaragua|NE niger|NG nigeria|' +
  'MK north macedonia/macedonia|NO norway/noruega|OM oman|PK pakistan|PW palau|PS palestine/west bank/gaza|' +
  'PA panama|PG papua new guinea|PY paraguay|PE peru|PH philippines/filipinas|PL poland/polonia|' +
  'PT portugal|QA qatar|RO romania/rumania|RU russia/russian federation/rusia|RW rwanda|' +
  'KN saint kitts and nevis|LC saint lucia|VC saint vincent and the grenadines|WS samoa|SM san marino|' +
  'ST sao tome and principe|SA saudi arabia/arabia saudita|SN senegal|RS serbia|SC seychelles|' +
  'SL sierra leone|SG singapore/singapur|SK slovakia|SI slovenia|SB solomon islands|SO somalia|' +
  'ZA south africa/sudafrica|SS south sudan|ES spain/espana|LK sri lanka|SD sudan|SR suriname|' +
  'SE sweden/suecia|CH switzerland/suiza|SY syria/syrian arab republic/siria|TW taiwan|TJ tajikistan|' +
  'TZ tanzania/united republic of tanzania|TH thailand|TL timor-leste/east timor|TG togo|TO tonga|' +
  'TT trinidad and tobago|TN tunisia/tunez|TR turkey/turkiye/turquia|TM turkmenistan|TV tuvalu|UG uganda|' +
  'UA ukraine/ucrania|AE united arab emirates/uae/emiratos arabes unidos|' +
  'GB united kingdom/uk/great britain/reino unido/united kingdom of great britain and northern ireland|' +
  'US united states/usa/united states of america/estados unidos|UY uruguay|UZ uzbekistan|VU vanuatu|' +
  'VE venezuela/bolivarian republic of venezuela/venezuela (bolivarian republic of)|VN vietnam/viet nam|' +
  'YE yemen|ZM zambia|ZW zimbabwe|VG british virgin islands/virgin islands, british|KY cayman islands|' +
  'BM bermuda|GI gibraltar|IM isle of man|JE jersey|GG guernsey|CW curacao|AW aruba|PR puerto rico|' +
  'XK kosovo|VA holy see/vatican';

const BY_NAME = new Map<string, string>();
for (const entry of SPEC.split('|')) {
  const code = entry.slice(0, 2);
  for (const name of entry.slice(3).split('/')) BY_NAME.set(simplify(name), code);
}

function simplify(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** ISO alpha-2 code for a country name or code; the input upper-cased when unknown. */
export function countryCode(s: string): string {
  const t = s.trim();
  if (!t) return '';
  if (/^[A-Za-z]{2}$/.test(t)) return t.toUpperCase();
  const key = simplify(t);
  const hit = BY_NAME.get(key) ?? BY_NAME.get(key.replace(/^the /, ''));
  return hit ?? t.toUpperCase();
}
