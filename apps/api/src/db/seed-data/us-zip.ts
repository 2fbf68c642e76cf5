/**
 * US ZIP codes → city and state, shipped with the product (no download): used by the local address adapter
 * (apps/api/src/adapters/address/local-address-adapter.ts) to complete an address from its ZIP.
 *
 * Two levels:
 * - every 3-digit ZIP prefix (the USPS sectional centers) → state and the main city of the prefix, written
 *   as ranges 'from-to STATE City'; prefixes USPS leaves unused fall into their neighbours' range, which is
 *   harmless (no real ZIP starts with them). Military prefixes give the APO/FPO "states" AA, AE and AP.
 * - full 5-digit ZIPs of the Tampa Bay area the demo data uses, for the exact city.
 * Compiled from general knowledge of the USPS ZIP layout; a city is the prefix's main post office, so a
 * suburb's ZIP may complete to the nearby city (the user can correct it).
 */

const PREFIX_RANGES = `
005 NY Holtsville
006-007 PR San Juan
008 VI Charlotte Amalie
009 PR San Juan
010-011 MA Springfield
012 MA Pittsfield
013 MA Springfield
014-016 MA Worcester
017 MA Framingham
018 MA Woburn
019 MA Lynn
020 MA Brockton
021-022 MA Boston
023 MA Brockton
024 MA Waltham
025-026 MA Hyannis
027 MA New Bedford
028-029 RI Providence
030-031 NH Manchester
032-033 NH Concord
034 NH Keene
035 NH Littleton
036 NH Keene
037 NH Lebanon
038 NH Portsmouth
039 ME Kittery
040-041 ME Portland
042 ME Lewiston
043 ME Augusta
044 ME Bangor
045 ME Bath
046 ME Ellsworth
047 ME Houlton
048 ME Rockland
049 ME Waterville
050 VT White River Junction
051 VT Bellows Falls
052 VT Bennington
053 VT Brattleboro
054 VT Burlington
055 MA Andover
056 VT Montpelier
057 VT Rutland
058 VT St. Johnsbury
059 VT Newport
060-062 CT Hartford
063 CT New London
064-065 CT New Haven
066 CT Bridgeport
067 CT Waterbury
068-069 CT Stamford
070-071 NJ Newark
072 NJ Elizabeth
073 NJ Jersey City
074-075 NJ Paterson
076 NJ Hackensack
077 NJ Red Bank
078 NJ Dover
079 NJ Summit
080 NJ Cherry Hill
081 NJ Camden
082 NJ Atlantic City
083 NJ Vineland
084 NJ Atlantic City
085-086 NJ Trenton
087 NJ Lakewood
088-089 NJ New Brunswick
090-099 AE APO
100-102 NY New York
103 NY Staten Island
104 NY Bronx
105-106 NY White Plains
107 NY Yonkers
108 NY New Rochelle
109 NY Suffern
110 NY Floral Park
111 NY Long Island City
112 NY Brooklyn
113 NY Flushing
114 NY Jamaica
115 NY Mineola
116 NY Far Rockaway
117-118 NY Hicksville
119 NY Riverhead
120-122 NY Albany
123 NY Schenectady
124 NY Kingston
125-126 NY Poughkeepsie
127 NY Monticello
128 NY Glens Falls
129 NY Plattsburgh
130-132 NY Syracuse
133-135 NY Utica
136 NY Watertown
137-139 NY Binghamton
140-142 NY Buffalo
143 NY Niagara Falls
144-146 NY Rochester
147 NY Jamestown
148-149 NY Elmira
150-152 PA Pittsburgh
153 PA Washington
154 PA Uniontown
155 PA Somerset
156 PA Greensburg
157 PA Indiana
158 PA DuBois
159 PA Johnstown
160-162 PA New Castle
163 PA Oil City
164-165 PA Erie
166 PA Altoona
167 PA Bradford
168 PA State College
169 PA Wellsboro
170-171 PA Harrisburg
172 PA Chambersburg
173-174 PA York
175-176 PA Lancaster
177 PA Williamsport
178 PA Sunbury
179 PA Pottsville
180-181 PA Allentown
182 PA Hazleton
183 PA East Stroudsburg
184-185 PA Scranton
186-187 PA Wilkes-Barre
188 PA Tunkhannock
189 PA Doylestown
190-192 PA Philadelphia
193 PA Paoli
194 PA Norristown
195-196 PA Reading
197 DE Newark
198 DE Wilmington
199 DE Dover
200 DC Washington
201 VA Dulles
202-205 DC Washington
206 MD Waldorf
207 MD Upper Marlboro
208 MD Gaithersburg
209 MD Silver Spring
210-213 MD Baltimore
214 MD Annapolis
215 MD Cumberland
216 MD Easton
217 MD Frederick
218 MD Salisbury
219 MD Elkton
220-221 VA Fairfax
222 VA Arlington
223 VA Alexandria
224-225 VA Fredericksburg
226 VA Winchester
227 VA Culpeper
228-229 VA Charlottesville
230-232 VA Richmond
233-235 VA Norfolk
236 VA Newport News
237 VA Portsmouth
238 VA Petersburg
239 VA Farmville
240-241 VA Roanoke
242 VA Bristol
243 VA Pulaski
244 VA Staunton
245 VA Lynchburg
246 VA Bluefield
247-248 WV Bluefield
249 WV Lewisburg
250-253 WV Charleston
254 WV Martinsburg
255-257 WV Huntington
258-259 WV Beckley
260 WV Wheeling
261 WV Parkersburg
262-264 WV Clarksburg
265 WV Morgantown
266 WV Gassaway
267 WV Romney
268-269 WV Petersburg
270 NC Greensboro
271 NC Winston-Salem
272-274 NC Greensboro
275-276 NC Raleigh
277 NC Durham
278-279 NC Rocky Mount
280-282 NC Charlotte
283 NC Fayetteville
284 NC Wilmington
285 NC Kinston
286 NC Hickory
287-289 NC Asheville
290-292 SC Columbia
293 SC Spartanburg
294 SC Charleston
295 SC Florence
296 SC Greenville
297 SC Rock Hill
298 SC Aiken
299 SC Beaufort
300-301 GA Duluth
302-303 GA Atlanta
304 GA Swainsboro
305 GA Gainesville
306 GA Athens
307 GA Dalton
308-309 GA Augusta
310 GA Macon
311 GA Atlanta
312 GA Macon
313-314 GA Savannah
315 GA Waycross
316 GA Valdosta
317 GA Albany
318-319 GA Columbus
320 FL Jacksonville
321 FL Daytona Beach
322 FL Jacksonville
323 FL Tallahassee
324 FL Panama City
325 FL Pensacola
326 FL Gainesville
327-328 FL Orlando
329 FL Melbourne
330-332 FL Miami
333 FL Fort Lauderdale
334 FL West Palm Beach
335-336 FL Tampa
337 FL St. Petersburg
338 FL Lakeland
339 FL Fort Myers
340 AA APO
341 FL Naples
342-343 FL Sarasota
344-345 FL Ocala
346 FL Brooksville
347-348 FL Orlando
349 FL Fort Pierce
350-353 AL Birmingham
354 AL Tuscaloosa
355 AL Jasper
356 AL Decatur
357-358 AL Huntsville
359 AL Gadsden
360-361 AL Montgomery
362 AL Anniston
363 AL Dothan
364 AL Evergreen
365-366 AL Mobile
367 AL Selma
368 AL Auburn
369 AL Livingston
370-372 TN Nashville
373-374 TN Chattanooga
375 TN Memphis
376 TN Johnson City
377-379 TN Knoxville
380-381 TN Memphis
382 TN McKenzie
383 TN Jackson
384 TN Columbia
385 TN Cookeville
386 MS Southaven
387 MS Greenville
388 MS Tupelo
389 MS Grenada
390-392 MS Jackson
393 MS Meridian
394 MS Hattiesburg
395 MS Gulfport
396 MS McComb
397 MS Columbus
398 GA Albany
399 GA Atlanta
400-402 KY Louisville
403-405 KY Lexington
406 KY Frankfort
407-409 KY London
410 KY Covington
411-412 KY Ashland
413-414 KY Campton
415-416 KY Pikeville
417-419 KY Hazard
420 KY Paducah
421-422 KY Bowling Green
423 KY Owensboro
424 KY Henderson
425-426 KY Somerset
427-429 KY Elizabethtown
430-432 OH Columbus
433 OH Marion
434-436 OH Toledo
437-438 OH Zanesville
439 OH Steubenville
440-441 OH Cleveland
442-443 OH Akron
444-445 OH Youngstown
446-447 OH Canton
448-449 OH Mansfield
450-452 OH Cincinnati
453-454 OH Dayton
455 OH Springfield
456 OH Chillicothe
457 OH Athens
458-459 OH Lima
460-462 IN Indianapolis
463-464 IN Gary
465-466 IN South Bend
467-468 IN Fort Wayne
469 IN Kokomo
470 IN Lawrenceburg
471 IN New Albany
472 IN Columbus
473 IN Muncie
474 IN Bloomington
475 IN Washington
476-477 IN Evansville
478 IN Terre Haute
479 IN Lafayette
480 MI Royal Oak
481-482 MI Detroit
483 MI Royal Oak
484-485 MI Flint
486-487 MI Saginaw
488-489 MI Lansing
490-491 MI Kalamazoo
492 MI Jackson
493 MI Grand Rapids
494 MI Muskegon
495 MI Grand Rapids
496 MI Traverse City
497 MI Gaylord
498-499 MI Iron Mountain
500-503 IA Des Moines
504 IA Mason City
505 IA Fort Dodge
506-507 IA Waterloo
508 IA Creston
509 IA Des Moines
510-511 IA Sioux City
512 IA Sheldon
513 IA Spencer
514 IA Carroll
515 IA Council Bluffs
516-519 IA Shenandoah
520 IA Dubuque
521 IA Decorah
522-524 IA Cedar Rapids
525 IA Ottumwa
526 IA Burlington
527-529 IA Davenport
530-533 WI Milwaukee
534 WI Racine
535-538 WI Madison
539 WI Portage
540 WI Hudson
541-543 WI Green Bay
544 WI Wausau
545 WI Rhinelander
546 WI La Crosse
547 WI Eau Claire
548 WI Spooner
549 WI Oshkosh
550-552 MN St. Paul
553-555 MN Minneapolis
556-558 MN Duluth
559 MN Rochester
560 MN Mankato
561 MN Windom
562 MN Willmar
563 MN St. Cloud
564 MN Brainerd
565 MN Detroit Lakes
566 MN Bemidji
567-569 MN Thief River Falls
570-571 SD Sioux Falls
572 SD Watertown
573 SD Mitchell
574 SD Aberdeen
575 SD Pierre
576 SD Mobridge
577-579 SD Rapid City
580-581 ND Fargo
582 ND Grand Forks
583 ND Devils Lake
584 ND Jamestown
585 ND Bismarck
586 ND Dickinson
587 ND Minot
588-589 ND Williston
590-591 MT Billings
592 MT Wolf Point
593 MT Miles City
594 MT Great Falls
595 MT Havre
596 MT Helena
597 MT Butte
598 MT Missoula
599 MT Kalispell
600 IL Palatine
601 IL Carol Stream
602 IL Evanston
603 IL Oak Park
604 IL Chicago Heights
605 IL Aurora
606-608 IL Chicago
609 IL Kankakee
610-611 IL Rockford
612 IL Rock Island
613 IL La Salle
614 IL Galesburg
615-616 IL Peoria
617 IL Bloomington
618-619 IL Champaign
620-621 IL Alton
622 IL East St. Louis
623 IL Quincy
624 IL Effingham
625-627 IL Springfield
628 IL Centralia
629 IL Carbondale
630-632 MO St. Louis
633 MO St. Charles
634 MO Hannibal
635 MO Kirksville
636-638 MO Cape Girardeau
639 MO Poplar Bluff
640-643 MO Kansas City
644-645 MO St. Joseph
646 MO Chillicothe
647 MO Harrisonville
648 MO Joplin
649 MO Kansas City
650-651 MO Jefferson City
652 MO Columbia
653 MO Sedalia
654 MO Rolla
655 MO Lebanon
656-659 MO Springfield
660-661 KS Kansas City
662-663 KS Shawnee Mission
664-666 KS Topeka
667 KS Fort Scott
668 KS Emporia
669 KS Salina
670 KS Wichita
671 KS Independence
672 KS Wichita
673 KS Independence
674 KS Salina
675 KS Hutchinson
676 KS Hays
677 KS Colby
678 KS Dodge City
679 KS Liberal
680-682 NE Omaha
683-685 NE Lincoln
686-687 NE Norfolk
688-689 NE Grand Island
690 NE McCook
691 NE North Platte
692 NE Valentine
693-699 NE Alliance
700-702 LA New Orleans
703 LA Thibodaux
704 LA Hammond
705 LA Lafayette
706 LA Lake Charles
707-709 LA Baton Rouge
710-711 LA Shreveport
712 LA Monroe
713-715 LA Alexandria
716 AR Pine Bluff
717 AR Camden
718 AR Texarkana
719 AR Hot Springs
720-722 AR Little Rock
723 AR West Memphis
724 AR Jonesboro
725 AR Batesville
726 AR Harrison
727 AR Fayetteville
728 AR Russellville
729 AR Fort Smith
730-732 OK Oklahoma City
733 TX Austin
734 OK Ardmore
735 OK Lawton
736 OK Clinton
737 OK Enid
738 OK Woodward
739 OK Guymon
740-743 OK Tulsa
744 OK Muskogee
745 OK McAlester
746 OK Ponca City
747 OK Durant
748 OK Shawnee
749 OK Poteau
750-753 TX Dallas
754 TX Greenville
755 TX Texarkana
756 TX Longview
757 TX Tyler
758 TX Palestine
759 TX Lufkin
760-761 TX Fort Worth
762 TX Denton
763 TX Wichita Falls
764 TX Stephenville
765 TX Temple
766-767 TX Waco
768 TX Brownwood
769 TX San Angelo
770-772 TX Houston
773 TX Conroe
774 TX Richmond
775 TX Pasadena
776-777 TX Beaumont
778 TX Bryan
779 TX Victoria
780-782 TX San Antonio
783-784 TX Corpus Christi
785 TX McAllen
786-787 TX Austin
788 TX Uvalde
789 TX Giddings
790-791 TX Amarillo
792 TX Childress
793-794 TX Lubbock
795-796 TX Abilene
797 TX Midland
798-799 TX El Paso
800-802 CO Denver
803 CO Boulder
804 CO Golden
805 CO Longmont
806 CO Greeley
807 CO Brighton
808-809 CO Colorado Springs
810 CO Pueblo
811 CO Alamosa
812 CO Salida
813 CO Durango
814-815 CO Grand Junction
816-819 CO Glenwood Springs
820 WY Cheyenne
821 WY Yellowstone National Park
822 WY Wheatland
823 WY Rawlins
824 WY Worland
825 WY Riverton
826 WY Casper
827 WY Gillette
828 WY Sheridan
829-831 WY Rock Springs
832 ID Pocatello
833 ID Twin Falls
834 ID Idaho Falls
835 ID Lewiston
836-837 ID Boise
838-839 ID Coeur d'Alene
840-841 UT Salt Lake City
842-844 UT Ogden
845-849 UT Provo
850-851 AZ Phoenix
852 AZ Mesa
853-854 AZ Phoenix
855 AZ Globe
856-857 AZ Tucson
858-859 AZ Show Low
860-862 AZ Flagstaff
863 AZ Prescott
864 AZ Kingman
865-869 AZ Chambers
870-872 NM Albuquerque
873 NM Gallup
874 NM Farmington
875-876 NM Albuquerque
877 NM Las Vegas
878 NM Socorro
879 NM Truth or Consequences
880 NM Las Cruces
881 NM Clovis
882 NM Roswell
883 NM Alamogordo
884 NM Tucumcari
885 TX El Paso
886-888 NM Albuquerque
889-892 NV Las Vegas
893 NV Ely
894-896 NV Reno
897 NV Carson City
898-899 NV Elko
900-901 CA Los Angeles
902-903 CA Inglewood
904 CA Santa Monica
905 CA Torrance
906 CA Whittier
907-908 CA Long Beach
909 CA San Bernardino
910-911 CA Pasadena
912 CA Glendale
913-914 CA Van Nuys
915 CA Burbank
916 CA North Hollywood
917 CA City of Industry
918 CA Alhambra
919-921 CA San Diego
922 CA Palm Springs
923-924 CA San Bernardino
925 CA Riverside
926-927 CA Santa Ana
928 CA Anaheim
929 CA Santa Ana
930 CA Oxnard
931 CA Santa Barbara
932-933 CA Bakersfield
934 CA Santa Maria
935 CA Mojave
936-938 CA Fresno
939 CA Salinas
940 CA Palo Alto
941 CA San Francisco
942 CA Sacramento
943 CA Palo Alto
944 CA San Mateo
945-946 CA Oakland
947 CA Berkeley
948 CA Richmond
949 CA San Rafael
950-951 CA San Jose
952 CA Stockton
953 CA Modesto
954 CA Santa Rosa
955 CA Eureka
956-958 CA Sacramento
959 CA Marysville
960 CA Redding
961 CA Susanville
962-966 AP FPO
967-968 HI Honolulu
969 GU Barrigada
970-972 OR Portland
973 OR Salem
974 OR Eugene
975 OR Medford
976 OR Klamath Falls
977 OR Bend
978 OR Pendleton
979 OR Ontario
980-981 WA Seattle
982 WA Everett
983-984 WA Tacoma
985 WA Olympia
986-987 WA Vancouver
988 WA Wenatchee
989 WA Yakima
990-992 WA Spokane
993 WA Pasco
994 WA Clarkston
995-996 AK Anchorage
997 AK Fairbanks
998 AK Juneau
999 AK Ketchikan
`;

/** Tampa Bay ZIPs (the demo's dealers, installers and customers): 'city: zips'. */
const TAMPA_BAY = `
Tampa: 33602 33603 33604 33605 33606 33607 33608 33609 33610 33611 33612 33613 33614 33615 33616 33617 33618 33619 33620 33621 33624 33625 33626 33629 33634 33635 33637 33647
St. Petersburg: 33701 33702 33703 33704 33705 33706 33707 33708 33709 33710 33711 33712 33713 33714 33715 33716
Clearwater: 33755 33756 33759 33760 33761 33762 33763 33764 33765 33767
Largo: 33770 33771 33773 33774 33778
Seminole: 33772 33776 33777
Pinellas Park: 33781 33782
Brandon: 33510 33511
Riverview: 33569 33578 33579
Valrico: 33594 33596
Plant City: 33563 33565 33566 33567
Lutz: 33548 33549 33558 33559
Wesley Chapel: 33543 33544 33545
Zephyrhills: 33540 33541 33542
Land O Lakes: 34637 34638 34639
Odessa: 33556
Apollo Beach: 33572
Ruskin: 33570
Sun City Center: 33573
Gibsonton: 33534
Seffner: 33584
Thonotosassa: 33592
Oldsmar: 34677
Safety Harbor: 34695
Dunedin: 34698
Palm Harbor: 34683 34684 34685
Tarpon Springs: 34688 34689
Holiday: 34690 34691
New Port Richey: 34652 34653 34654 34655
Spring Hill: 34606 34607 34608 34609 34610
Brooksville: 34601 34602 34604
Bradenton: 34201 34202 34203 34205 34207 34208 34209 34210 34211 34212
Palmetto: 34221
Sarasota: 34231 34232 34233 34234 34235 34236 34237 34238 34239 34240 34241 34242 34243
Lakeland: 33801 33803 33805 33809 33810 33811 33813 33815
`;

export type ZipPlace = { state: string; city: string };

function parsePrefixes(): Map<string, ZipPlace> {
  const byPrefix = new Map<string, ZipPlace>();
  for (const line of PREFIX_RANGES.trim().split('\n')) {
    const match = /^(\d{3})(?:-(\d{3}))? ([A-Z]{2}) (.+)$/.exec(line.trim());
    if (!match) throw new Error(`Bad ZIP prefix line: ${line}`);
    const [, from = '', to, state = '', city = ''] = match;
    for (let n = Number(from); n <= Number(to ?? from); n++) {
      byPrefix.set(String(n).padStart(3, '0'), { state, city });
    }
  }
  return byPrefix;
}

function parseExactZips(prefixes: ReadonlyMap<string, ZipPlace>): Map<string, ZipPlace> {
  const byZip = new Map<string, ZipPlace>();
  for (const line of TAMPA_BAY.trim().split('\n')) {
    const [city = '', zips = ''] = line.split(':');
    for (const zip of zips.trim().split(/\s+/)) {
      const state = prefixes.get(zip.slice(0, 3))?.state ?? 'FL';
      byZip.set(zip, { state, city: city.trim() });
    }
  }
  return byZip;
}

/** 3-digit prefix → state and main city (000-004 are not US ZIPs and are absent). */
export const zipPrefixPlaces: ReadonlyMap<string, ZipPlace> = parsePrefixes();
/** 5-digit ZIP → exact city (Tampa Bay). */
export const exactZipPlaces: ReadonlyMap<string, ZipPlace> = parseExactZips(zipPrefixPlaces);

/** USPS state and territory codes with their names. */
export const usStateNames: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
  GU: 'Guam',
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
};
