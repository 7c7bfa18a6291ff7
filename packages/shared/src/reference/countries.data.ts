/**
 * ISO 3166-1 countries: `alpha-2|numeric|English|Spanish|Portuguese (Brazil)`, one per line.
 * Names come from CLDR (as shipped in ICU, via Intl.DisplayNames) with a few hand edits for forms a
 * compliance officer expects (e.g. "Democratic Republic of the Congo" instead of "Congo - Kinshasa").
 * Kept as static data rather than Intl calls so that server and every browser show the same names.
 * XK (Kosovo) has no ISO numeric code, hence 0.
 */
export const COUNTRY_DATA = `
AD|020|Andorra|Andorra|Andorra
AE|784|United Arab Emirates|Emiratos Árabes Unidos|Emirados Árabes Unidos
AF|004|Afghanistan|Afganistán|Afeganistão
AG|028|Antigua and Barbuda|Antigua y Barbuda|Antígua e Barbuda
AI|660|Anguilla|Anguila|Anguila
AL|008|Albania|Albania|Albânia
AM|051|Armenia|Armenia|Armênia
AO|024|Angola|Angola|Angola
AQ|010|Antarctica|Antártida|Antártida
AR|032|Argentina|Argentina|Argentina
AS|016|American Samoa|Samoa Americana|Samoa Americana
AT|040|Austria|Austria|Áustria
AU|036|Australia|Australia|Austrália
AW|533|Aruba|Aruba|Aruba
AX|248|Åland Islands|Islas Åland|Ilhas Åland
AZ|031|Azerbaijan|Azerbaiyán|Azerbaijão
BA|070|Bosnia and Herzegovina|Bosnia y Herzegovina|Bósnia e Herzegovina
BB|052|Barbados|Barbados|Barbados
BD|050|Bangladesh|Bangladés|Bangladesh
BE|056|Belgium|Bélgica|Bélgica
BF|854|Burkina Faso|Burkina Faso|Burkina Faso
BG|100|Bulgaria|Bulgaria|Bulgária
BH|048|Bahrain|Baréin|Bahrein
BI|108|Burundi|Burundi|Burundi
BJ|204|Benin|Benín|Benin
BL|652|Saint Barthélemy|San Bartolomé|São Bartolomeu
BM|060|Bermuda|Bermudas|Bermudas
BN|096|Brunei|Brunéi|Brunei
BO|068|Bolivia|Bolivia|Bolívia
BQ|535|Caribbean Netherlands|Caribe neerlandés|Países Baixos Caribenhos
BR|076|Brazil|Brasil|Brasil
BS|044|Bahamas|Bahamas|Bahamas
BT|064|Bhutan|Bután|Butão
BV|074|Bouvet Island|Isla Bouvet|Ilha Bouvet
BW|072|Botswana|Botsuana|Botsuana
BY|112|Belarus|Bielorrusia|Bielorrússia
BZ|084|Belize|Belice|Belize
CA|124|Canada|Canadá|Canadá
CC|166|Cocos (Keeling) Islands|Islas Cocos|Ilhas Cocos (Keeling)
CD|180|Democratic Republic of the Congo|República Democrática del Congo|República Democrática do Congo
CF|140|Central African Republic|República Centroafricana|República Centro-Africana
CG|178|Republic of the Congo|República del Congo|República do Congo
CH|756|Switzerland|Suiza|Suíça
CI|384|Côte d'Ivoire|Costa de Marfil|Costa do Marfim
CK|184|Cook Islands|Islas Cook|Ilhas Cook
CL|152|Chile|Chile|Chile
CM|120|Cameroon|Camerún|Camarões
CN|156|China|China|China
CO|170|Colombia|Colombia|Colômbia
CR|188|Costa Rica|Costa Rica|Costa Rica
CU|192|Cuba|Cuba|Cuba
CV|132|Cape Verde|Cabo Verde|Cabo Verde
CW|531|Curaçao|Curazao|Curaçao
CX|162|Christmas Island|Isla de Navidad|Ilha Christmas
CY|196|Cyprus|Chipre|Chipre
CZ|203|Czechia|Chequia|Tchéquia
DE|276|Germany|Alemania|Alemanha
DJ|262|Djibouti|Yibuti|Djibuti
DK|208|Denmark|Dinamarca|Dinamarca
DM|212|Dominica|Dominica|Dominica
DO|214|Dominican Republic|República Dominicana|República Dominicana
DZ|012|Algeria|Argelia|Argélia
EC|218|Ecuador|Ecuador|Equador
EE|233|Estonia|Estonia|Estônia
EG|818|Egypt|Egipto|Egito
EH|732|Western Sahara|Sáhara Occidental|Saara Ocidental
ER|232|Eritrea|Eritrea|Eritreia
ES|724|Spain|España|Espanha
ET|231|Ethiopia|Etiopía|Etiópia
FI|246|Finland|Finlandia|Finlândia
FJ|242|Fiji|Fiyi|Fiji
FK|238|Falkland Islands|Islas Malvinas|Ilhas Malvinas
FM|583|Micronesia|Micronesia|Micronésia
FO|234|Faroe Islands|Islas Feroe|Ilhas Faroé
FR|250|France|Francia|França
GA|266|Gabon|Gabón|Gabão
GB|826|United Kingdom|Reino Unido|Reino Unido
GD|308|Grenada|Granada|Granada
GE|268|Georgia|Georgia|Geórgia
GF|254|French Guiana|Guayana Francesa|Guiana Francesa
GG|831|Guernsey|Guernesey|Guernsey
GH|288|Ghana|Ghana|Gana
GI|292|Gibraltar|Gibraltar|Gibraltar
GL|304|Greenland|Groenlandia|Groenlândia
GM|270|Gambia|Gambia|Gâmbia
GN|324|Guinea|Guinea|Guiné
GP|312|Guadeloupe|Guadalupe|Guadalupe
GQ|226|Equatorial Guinea|Guinea Ecuatorial|Guiné Equatorial
GR|300|Greece|Grecia|Grécia
GS|239|South Georgia and South Sandwich Islands|Islas Georgia del Sur y Sandwich del Sur|Ilhas Geórgia do Sul e Sandwich do Sul
GT|320|Guatemala|Guatemala|Guatemala
GU|316|Guam|Guam|Guam
GW|624|Guinea-Bissau|Guinea-Bisáu|Guiné-Bissau
GY|328|Guyana|Guyana|Guiana
HK|344|Hong Kong|Hong Kong|Hong Kong
HM|334|Heard Island and McDonald Islands|Islas Heard y McDonald|Ilhas Heard e McDonald
HN|340|Honduras|Honduras|Honduras
HR|191|Croatia|Croacia|Croácia
HT|332|Haiti|Haití|Haiti
HU|348|Hungary|Hungría|Hungria
ID|360|Indonesia|Indonesia|Indonésia
IE|372|Ireland|Irlanda|Irlanda
IL|376|Israel|Israel|Israel
IM|833|Isle of Man|Isla de Man|Ilha de Man
IN|356|India|India|Índia
IO|086|British Indian Ocean Territory|Territorio Británico del Océano Índico|Território Britânico do Oceano Índico
IQ|368|Iraq|Irak|Iraque
IR|364|Iran|Irán|Irã
IS|352|Iceland|Islandia|Islândia
IT|380|Italy|Italia|Itália
JE|832|Jersey|Jersey|Jersey
JM|388|Jamaica|Jamaica|Jamaica
JO|400|Jordan|Jordania|Jordânia
JP|392|Japan|Japón|Japão
KE|404|Kenya|Kenia|Quênia
KG|417|Kyrgyzstan|Kirguistán|Quirguistão
KH|116|Cambodia|Camboya|Camboja
KI|296|Kiribati|Kiribati|Quiribati
KM|174|Comoros|Comoras|Comores
KN|659|Saint Kitts and Nevis|San Cristóbal y Nieves|São Cristóvão e Névis
KP|408|North Korea|Corea del Norte|Coreia do Norte
KR|410|South Korea|Corea del Sur|Coreia do Sul
KW|414|Kuwait|Kuwait|Kuwait
KY|136|Cayman Islands|Islas Caimán|Ilhas Cayman
KZ|398|Kazakhstan|Kazajistán|Cazaquistão
LA|418|Laos|Laos|Laos
LB|422|Lebanon|Líbano|Líbano
LC|662|Saint Lucia|Santa Lucía|Santa Lúcia
LI|438|Liechtenstein|Liechtenstein|Liechtenstein
LK|144|Sri Lanka|Sri Lanka|Sri Lanka
LR|430|Liberia|Liberia|Libéria
LS|426|Lesotho|Lesoto|Lesoto
LT|440|Lithuania|Lituania|Lituânia
LU|442|Luxembourg|Luxemburgo|Luxemburgo
LV|428|Latvia|Letonia|Letônia
LY|434|Libya|Libia|Líbia
MA|504|Morocco|Marruecos|Marrocos
MC|492|Monaco|Mónaco|Mônaco
MD|498|Moldova|Moldavia|Moldávia
ME|499|Montenegro|Montenegro|Montenegro
MF|663|Saint Martin|San Martín|São Martinho
MG|450|Madagascar|Madagascar|Madagascar
MH|584|Marshall Islands|Islas Marshall|Ilhas Marshall
MK|807|North Macedonia|Macedonia del Norte|Macedônia do Norte
ML|466|Mali|Mali|Mali
MM|104|Myanmar|Myanmar|Mianmar
MN|496|Mongolia|Mongolia|Mongólia
MO|446|Macao|Macao|Macau
MP|580|Northern Mariana Islands|Islas Marianas del Norte|Ilhas Marianas do Norte
MQ|474|Martinique|Martinica|Martinica
MR|478|Mauritania|Mauritania|Mauritânia
MS|500|Montserrat|Montserrat|Montserrat
MT|470|Malta|Malta|Malta
MU|480|Mauritius|Mauricio|Maurício
MV|462|Maldives|Maldivas|Maldivas
MW|454|Malawi|Malaui|Malaui
MX|484|Mexico|México|México
MY|458|Malaysia|Malasia|Malásia
MZ|508|Mozambique|Mozambique|Moçambique
NA|516|Namibia|Namibia|Namíbia
NC|540|New Caledonia|Nueva Caledonia|Nova Caledônia
NE|562|Niger|Níger|Níger
NF|574|Norfolk Island|Isla Norfolk|Ilha Norfolk
NG|566|Nigeria|Nigeria|Nigéria
NI|558|Nicaragua|Nicaragua|Nicarágua
NL|528|Netherlands|Países Bajos|Países Baixos
NO|578|Norway|Noruega|Noruega
NP|524|Nepal|Nepal|Nepal
NR|520|Nauru|Nauru|Nauru
NU|570|Niue|Niue|Niue
NZ|554|New Zealand|Nueva Zelanda|Nova Zelândia
OM|512|Oman|Omán|Omã
PA|591|Panama|Panamá|Panamá
PE|604|Peru|Perú|Peru
PF|258|French Polynesia|Polinesia Francesa|Polinésia Francesa
PG|598|Papua New Guinea|Papúa Nueva Guinea|Papua-Nova Guiné
PH|608|Philippines|Filipinas|Filipinas
PK|586|Pakistan|Pakistán|Paquistão
PL|616|Poland|Polonia|Polônia
PM|666|Saint Pierre and Miquelon|San Pedro y Miquelón|São Pedro e Miquelão
PN|612|Pitcairn Islands|Islas Pitcairn|Ilhas Pitcairn
PR|630|Puerto Rico|Puerto Rico|Porto Rico
PS|275|Palestine|Palestina|Palestina
PT|620|Portugal|Portugal|Portugal
PW|585|Palau|Palaos|Palau
PY|600|Paraguay|Paraguay|Paraguai
QA|634|Qatar|Catar|Catar
RE|638|Réunion|Reunión|Reunião
RO|642|Romania|Rumanía|Romênia
RS|688|Serbia|Serbia|Sérvia
RU|643|Russia|Rusia|Rússia
RW|646|Rwanda|Ruanda|Ruanda
SA|682|Saudi Arabia|Arabia Saudí|Arábia Saudita
SB|090|Solomon Islands|Islas Salomón|Ilhas Salomão
SC|690|Seychelles|Seychelles|Seicheles
SD|729|Sudan|Sudán|Sudão
SE|752|Sweden|Suecia|Suécia
SG|702|Singapore|Singapur|Singapura
SH|654|Saint Helena|Santa Elena|Santa Helena
SI|705|Slovenia|Eslovenia|Eslovênia
SJ|744|Svalbard and Jan Mayen|Svalbard y Jan Mayen|Svalbard e Jan Mayen
SK|703|Slovakia|Eslovaquia|Eslováquia
SL|694|Sierra Leone|Sierra Leona|Serra Leoa
SM|674|San Marino|San Marino|San Marino
SN|686|Senegal|Senegal|Senegal
SO|706|Somalia|Somalia|Somália
SR|740|Suriname|Surinam|Suriname
SS|728|South Sudan|Sudán del Sur|Sudão do Sul
ST|678|São Tomé and Príncipe|Santo Tomé y Príncipe|São Tomé e Príncipe
SV|222|El Salvador|El Salvador|El Salvador
SX|534|Sint Maarten|Sint Maarten|Sint Maarten
SY|760|Syria|Siria|Síria
SZ|748|Eswatini|Esuatini|Essuatíni
TC|796|Turks and Caicos Islands|Islas Turcas y Caicos|Ilhas Turcas e Caicos
TD|148|Chad|Chad|Chade
TF|260|French Southern Territories|Territorios Australes Franceses|Territórios Franceses do Sul
TG|768|Togo|Togo|Togo
TH|764|Thailand|Tailandia|Tailândia
TJ|762|Tajikistan|Tayikistán|Tadjiquistão
TK|772|Tokelau|Tokelau|Tokelau
TL|626|Timor-Leste|Timor-Leste|Timor-Leste
TM|795|Turkmenistan|Turkmenistán|Turcomenistão
TN|788|Tunisia|Túnez|Tunísia
TO|776|Tonga|Tonga|Tonga
TR|792|Türkiye|Turquía|Turquia
TT|780|Trinidad and Tobago|Trinidad y Tobago|Trinidad e Tobago
TV|798|Tuvalu|Tuvalu|Tuvalu
TW|158|Taiwan|Taiwán|Taiwan
TZ|834|Tanzania|Tanzania|Tanzânia
UA|804|Ukraine|Ucrania|Ucrânia
UG|800|Uganda|Uganda|Uganda
UM|581|United States Minor Outlying Islands|Islas Ultramarinas Menores de Estados Unidos|Ilhas Menores Distantes dos Estados Unidos
US|840|United States|Estados Unidos|Estados Unidos
UY|858|Uruguay|Uruguay|Uruguai
UZ|860|Uzbekistan|Uzbekistán|Uzbequistão
VA|336|Vatican City|Ciudad del Vaticano|Cidade do Vaticano
VC|670|Saint Vincent and the Grenadines|San Vicente y las Granadinas|São Vicente e Granadinas
VE|862|Venezuela|Venezuela|Venezuela
VG|092|British Virgin Islands|Islas Vírgenes Británicas|Ilhas Virgens Britânicas
VI|850|United States Virgin Islands|Islas Vírgenes de los Estados Unidos|Ilhas Virgens Americanas
VN|704|Vietnam|Vietnam|Vietnã
VU|548|Vanuatu|Vanuatu|Vanuatu
WF|876|Wallis and Futuna|Wallis y Futuna|Wallis e Futuna
WS|882|Samoa|Samoa|Samoa
XK|0|Kosovo|Kosovo|Kosovo
YE|887|Yemen|Yemen|Iêmen
YT|175|Mayotte|Mayotte|Mayotte
ZA|710|South Africa|Sudáfrica|África do Sul
ZM|894|Zambia|Zambia|Zâmbia
ZW|716|Zimbabwe|Zimbabue|Zimbábue
`;
