// The brands resellers sell beyond the first list in lexicon-data.ts (issue 54): mall to luxury, vintage, streetwear,
// outdoor and Japanese labels, written from the resale market, each with the other names and common misspellings
// buyers and sellers type. One line per brand: "Name | alias | alias". lexicon-data.ts merges them into BRANDS, and
// lexicon-data.test.ts holds them to the rules of every entry (no name of two entries, no everyday word as an alias,
// no name that is a garment, colour or condition word).
//
// A misspelling one letter from a one-word name of six letters or more needs no alias: the vocabulary refresh finds
// it in listings (market_brand_spellings) and a query's typo is corrected to the name. The aliases here are what those
// rules miss: two slips, a name split or joined, a short name, a misspelt word of a longer name ("micheal kors").
import type { LexiconEntry } from './lexicon-data.ts';

/** "Name | alias | alias" lines into entries. */
const entries = (text: string): LexiconEntry[] =>
  text
    .trim()
    .split('\n')
    .map((line) => line.split('|').map((part) => part.trim()))
    .map(([name, ...aliases]) => ({ name, aliases: aliases.filter(Boolean) }));

/** Mall, department-store and fast-fashion labels (US, Canada, UK, Europe, Australia) and their store brands. */
export const MALL_BRANDS = entries(`
Aeropostale | aero | aeropostal | areopostale
Ann Taylor | anntaylor | ann tayler
Bebe
BKE | bke buckle
Chico's | chicos by chicos
Christopher & Banks | christopher and banks
Coldwater Creek
Dressbarn | dress barn
Talbots | talbot
J.Jill | j jill
White House Black Market | whbm | white house
Lane Bryant | lanebryant
Torrid
Maurices
Charlotte Russe | charlotte rouse
Wet Seal
Delia's | delias
Rue21 | rue 21
PacSun | pacific sunwear | pac sun
Empyre
Hot Topic | hottopic
Gymboree
Janie and Jack | janie jack
Carter's
The Children's Place | childrens place
Hanna Andersson | hanna anderson
Tea Collection
Crewcuts | crew cuts | j crew crewcuts
Cat & Jack | cat and jack
New York & Company | ny and co | new york and company | ny co
Victoria's Secret | victorias secret | victoria secret | vs pink | victoria secrets
Gilly Hicks
Babaton
Talula
Le Chateau
Roots | roots canada
Joe Fresh
Reitmans
Club Monaco
& Other Stories | other stories
Arket
Weekday
Monki
Pull&Bear | pull and bear | pull bear
Bershka
Stradivarius
Oysho
Topman
Miss Selfridge
Dorothy Perkins
Wallis
Whistles
River Island
New Look
Primark
Boohoo | boohooman
PrettyLittleThing | plt | pretty little thing
Missguided | miss guided
Fashion Nova | fashionnova
ASOS | asos design
Romwe
Zaful
Princess Polly
Hello Molly
Showpo
Tiger Mist
Oh Polly
Meshki
Francesca's | francescas
Altar'd State | altard state | altared state
Tobi
Edikted
Motel Rocks
Kimchi Blue
Silence + Noise | silence and noise
Ecote
Out From Under
Maeve
Pilcro
Elevenses
Akemi + Kin | akemi and kin | akemi kin
A New Day
Wild Fable
Universal Thread
Who What Wear
Mossimo | mossimo supply co
Merona
Xhilaration
Goodfellow & Co | goodfellow and co | goodfellow
All in Motion
JoyLab | joy lab
Knox Rose
Time and Tru | time tru
Terra & Sky | terra and sky
No Boundaries
Faded Glory
Sonoma | sonoma goods for life
LC Lauren Conrad | lc lauren conrad | lauren conrad
Apt. 9 | apt 9
Croft & Barrow | croft and barrow
Simply Vera Vera Wang | simply vera
Jumping Beans
Tek Gear
Mudd
Arizona Jean Co. | arizona jeans | arizona jean company
St. John's Bay | st johns bay | saint johns bay
Worthington
Stafford
Liz Claiborne | claiborne
Xersion
Alfani
Charter Club
Karen Scott
JM Collection
Tasso Elba
Club Room
American Rag
Halogen
Caslon
Treasure & Bond | treasure and bond
Zella
Leith
Open Edit
Chelsea28 | chelsea 28
Antonio Melani
Gianni Bini
Cremieux
Roundtree & Yorke | roundtree and yorke
Soft Surroundings
Eloquii
Universal Standard
Ashley Stewart
City Chic
Woman Within
Perry Ellis
Van Heusen
Izod
Haggar
Dockers
Chaps | chaps ralph lauren
Nautica
Tommy Bahama
Geoffrey Beene
Kenneth Cole | kenneth cole reaction | kenneth cole new york
Jos. A. Bank | jos a bank | jos bank | joseph a bank
Kirkland Signature | kirkland
Duluth Trading | duluth trading co | duluth
Members Only
London Fog
Esprit
Benetton | united colors of benetton
Sisley
Desigual
Custo Barcelona | custo
Bimba y Lola | bimba lola
Scalpers
El Ganso
Adolfo Dominguez
Glassons
Forever New
Country Road
Witchery
Seed Heritage
Kookai
Marc O'Polo | marc o polo
Tom Tailor
Vero Moda | veromoda
Jack & Jones | jack and jones
Selected Homme
Marks & Spencer | marks and spencer
Gant
Celio
Promod
Morgan de Toi
Naf Naf | nafnaf
Jennyfer
Sinsay
Calzedonia
Intimissimi
Tezenis
Terranova
Motivi
OVS
Windsor Smith
Sunday Best
TNA | tna aritzia
Little Moon
Cabi | cabi clothing
Lou & Grey | lou and grey
Tuckernuck
Draper James
J.McLaughlin
Boston Proper
Soma | soma intimates
Spiegel
Chadwick's | chadwicks
Anthony Richards
Koret | koret of california
Alfred Dunner
Susan Graver
Quacker Factory
Denim & Co | denim and co
Isaac Mizrahi | isaac mizrahi live
Cece | cece by cynthia steffe
Cynthia Rowley
Cynthia Steffe
Nanette Lepore | nanette nanette lepore
Max Studio
Cupcakes and Cashmere | cupcakes cashmere
Trina Turk
Laundry by Shelli Segal | laundry shelli segal
Adrianna Papell
Eliza J
Tahari | tahari asl
Donna Morgan
Maggy London
London Times
Jessica Howard
R&M Richards | r and m richards
Betsy & Adam | betsy and adam
JS Collections
Xscape
Jump Apparel
B. Darlin | b darlin
Sequin Hearts
Blondie Nites
Mink Pink | minkpink
Lush Clothing
Lovers + Friends | lovers and friends
Majorelle
Superdown
NBD
Tularosa
Camila Coelho
Song of Style
Show Me Your Mumu | smym
Peppermayo
Beginning Boutique
Dissh
Rolla's | rollas
Abrand Jeans
Lioness
Sass & Bide | sass and bide
Bec + Bridge | bec and bridge | bec bridge
Alice McCall
Scanlan Theodore
Tigerlily
Auguste the Label | auguste
Spell & the Gypsy Collective | spell and the gypsy collective | spell designs
Kivari
Arnhem
Faithfull the Brand | faithfull
Realisation Par
Rouje
Doen
Christy Dawn
Hill House Home | hill house
Lake Pajamas
Eberjey
Good American
Wolford
Commando
Hanky Panky | hankypanky
Natori
Cosabella
Fleur du Mal
Agent Provocateur
Savage x Fenty | savage fenty
ThirdLove | third love
Frederick's of Hollywood | fredericks of hollywood | fredericks
Maidenform
Vanity Fair Lingerie
Olga
Miss Elaine
Gilligan & O'Malley | gilligan and omalley | gilligan omalley
Playboy
`);

/** Luxury houses, European designer and contemporary labels, and denim. */
export const LUXURY_BRANDS = entries(`
Alaia | azzedine alaia
Alexander McQueen | mcqueen | alexander mcqueen | alexander mcqeen | mcq
Alexander Wang | t by alexander wang | alexanderwang
Balmain | balmain paris
Bally
Berluti
Brioni
Brunello Cucinelli | cucinelli | brunello
Bvlgari | bulgari
Canali
Carolina Herrera | ch carolina herrera
Loro Piana | loropiana
Kiton
Ermenegildo Zegna | zegna
Tom Ford | tomford
Givenchy | givency | givenchi | givenchey
Goyard | goyard paris | goyardine
Jil Sander
Jimmy Choo | jimmychoo | jimmy choos
Lanvin
Manolo Blahnik | manolo | manolos | manolo blanik
Marni
Max Mara | maxmara | weekend max mara | sportmax
Missoni | m missoni
Moschino | love moschino | moschino cheap and chic
Mulberry
Oscar de la Renta | oscar dela renta
Paul Smith | ps paul smith
Proenza Schouler | proenza
Roberto Cavalli | cavalli | just cavalli
Roger Vivier
Salvatore Ferragamo | ferragamo | feragamo | ferragammo | salvatore feragamo
Sergio Rossi
Tod's | tods
Emilio Pucci | pucci
Etro
Furla
Gianvito Rossi
Giuseppe Zanotti | zanotti | guiseppe zanotti
Khaite
The Row
Delvaux
Moynat
Mark Cross
Judith Leiber
Chrome Hearts | chromehearts | chrome heart
Tiffany & Co. | tiffany and co | tiffany co | tiffanys | tiffany
David Yurman | yurman | david yurmen
John Hardy
Van Cleef & Arpels | van cleef | van cleef and arpels | vca
Rolex
Tag Heuer | tagheuer
Movado
Dries Van Noten
Maison Margiela | margiela | martin margiela | maison martin margiela | mmm
MM6 Maison Margiela | mm6
Ann Demeulemeester | demeulemeester
Haider Ackermann
Rick Owens | rick owens drkshdw | drkshdw | rick owen | rick ownes
Raf Simons
Lemaire | christophe lemaire
Our Legacy
Wales Bonner
Craig Green
Simone Rocha
JW Anderson | j w anderson
Molly Goddard
Erdem
Roksanda
Christopher Kane
Mary Katrantzou
Victoria Beckham | victoria victoria beckham
Emilia Wickstead
Jenny Packham
Temperley London | temperley | alice temperley
Needle & Thread | needle and thread
Stine Goya
Cecilie Bahnsen
Baum und Pferdgarten
Samsoe Samsoe | samsoe and samsoe
Rotate Birger Christensen | rotate birger
By Malene Birger
Filippa K
Tiger of Sweden
Toteme
Cheap Monday
Marimekko
Claudie Pierlot
The Kooples | kooples
Zadig & Voltaire | zadig et voltaire | zadig and voltaire | zadig
Ami Paris | ami alexandre mattiussi | ami de coeur
Maison Kitsune | kitsune
Agnes b. | agnes b
Saint James
Armor Lux | armor lux
Repetto
K.Jacques | k jacques
Ancient Greek Sandals
Vanessa Bruno
Comptoir des Cotonniers
Sessun
Courreges
Paco Rabanne | rabanne
Jean Paul Gaultier | gaultier | jpg jean paul gaultier
Mugler | thierry mugler
Sonia Rykiel | sonia by sonia rykiel
Officine Generale
Y/Project | y project
Marine Serre
Coperni
Casablanca | casablanca paris
Vetements
Armani | giorgio armani | emporio armani | armani collezioni | emporio
Armani Exchange | a x armani exchange
Versus Versace
Hogan
Pinko
Liu Jo | liujo
Patrizia Pepe
Ermanno Scervino
Blumarine
Alberta Ferretti
C.P. Company | cp company
Herno
Colmar
Save the Duck
Fay
Aspesi
Paul & Shark | paul and shark
Dondup
Jacob Cohen | jacob cohen
Replay
Miss Sixty
Iceberg
GCDS
MSGM
Palm Angels | palmangels
Philippe Model
Premiata
Santoni
Casadei
Aquazzura
Le Silla
Pomellato
Buccellati
Damiani
La Perla
Corneliani
Boglioli
Lardini
Isaia
Incotex
Akris
Escada
Bogner
Mykita
MCM | mcm worldwide
Aigner | etienne aigner
Liebeskind Berlin | liebeskind
Strellson
Zimmerli
Hanro
Swarovski | swarovsky
Castaner
Pretty Ballerinas
Hobbs | hobbs london
LK Bennett | l k bennett
Karen Millen
Phase Eight
Reiss
Joules
White Stuff
Seasalt Cornwall | seasalt
Fat Face | fatface
Crew Clothing | crew clothing company
Jack Wills
Hackett | hackett london
Fred Perry | fredperry
Ben Sherman
Lyle & Scott | lyle and scott
Farah
Pretty Green
Gabicci
Lonsdale
Slazenger
Umbro
Kangol
Loake
Cheaney
John Lobb
Lulu Guinness
Kurt Geiger | kg kurt geiger
Dune London
Russell & Bromley | russell and bromley
Charlotte Olympia
Sophia Webster
Malone Souliers
Preen | preen by thornton bregazzi
Nobody's Child | nobodys child
Never Fully Dressed
Kitri
Rixo | rixo london
Oliver Spencer
Private White V.C. | private white vc
Sunspel
John Smedley
Pringle of Scotland | pringle
Johnstons of Elgin | johnstons
Aquascutum
Gloverall
Lavenham
Baracuta
Margaret Howell
YMC | you must create
Universal Works
Nigel Cabourn | cabourn
Aries | aries arise
Martine Rose
Belstaff
Orlebar Brown
Vilebrequin
Frescobol Carioca
Turnbull & Asser | turnbull and asser
Thomas Pink | pink shirtmaker
Charles Tyrwhitt | ctshirts
Hawes & Curtis | hawes and curtis
TM Lewin | t m lewin
Eton
J.Press | j press
Psycho Bunny
Original Penguin | penguin by munsingwear
Munsingwear
J.Lindeberg | j lindeberg
Norse Projects
Wood Wood
Holzweiler
Day Birger et Mikkelsen | day birger
Munthe
Mads Norgaard
Swedish Hasbeens | hasbeens
Sandqvist
Tretorn
Didriksons
Anine Bing | aninebing
Alice + Olivia | alice and olivia | alice olivia | alice olivia by stacey bendet
Aje
Cinq a Sept
Cult Gaia | cultgaia
Derek Lam | 10 crosby derek lam | derek lam 10 crosby
Diane von Furstenberg | dvf | diane von furstenburg
Frame
Helmut Lang | helmut
IRO | iro paris
J Brand | jbrand
Joie
Jonathan Simkhai | simkhai
L'Agence | lagence
Loeffler Randall
LoveShackFancy | love shack fancy | loveshack fancy
Mara Hoffman
Milly
Nanushka
Ramy Brook
Rebecca Minkoff | minkoff | rebecca minkof
Rebecca Taylor
Self-Portrait | self portrait
Staud
Tibi
Ulla Johnson
Veronica Beard
Sea New York | sea ny
Farm Rio
A.L.C.
Equipment | equipment femme
Rails | rails clothing
Splendid
Velvet by Graham & Spencer | velvet graham spencer | velvet by graham and spencer
Michael Stars
Three Dots
James Perse
Majestic Filatures | majestic paris
Current/Elliott | current elliott
Dear John Denim
Sanctuary | sanctuary clothing
Blank NYC | blanknyc
Pistola
Hudson Jeans
Joe's Jeans | joes jeans
DL1961 | dl 1961
Re/Done | re done
Slvrlake
Moussy | moussy vintage
Ksubi | tsubi
Naked & Famous | naked and famous
3sixteen | 3 sixteen
Iron Heart
Momotaro
Pure Blue Japan
Samurai Jeans
Edwin
Evisu | evisu genes
G-Star Raw | gstar | g star raw | g star | gstar raw
Pepe Jeans
Silver Jeans Co. | silver jeans company
Rock Revival
Miss Me | missme
Vigoss
Cello Jeans
Judy Blue
KanCan | kan can
Vervet
Risen Jeans
Apple Bottoms
Baby Phat
Rocawear
Akademiks
Enyce
Jordache
Gloria Vanderbilt
Lee | lee riders
Gitano
Sasson
Bongo
Paris Blues
Unionbay | union bay
Big Star
Mott & Bow | mott and bow
NYDJ | not your daughters jeans
Kut from the Kloth | kut
Liverpool Los Angeles | liverpool jeans
Jag Jeans
Flying Monkey
Bullhead Denim
Zana Di
Democracy Jeans
`);

/** Streetwear, skate, surf and hip-hop labels, new and vintage, and the blanks vintage prints are on. */
export const STREETWEAR_BRANDS = entries(`
Anti Social Social Club | assc | antisocial social club
Gallery Dept | gallery department | gallery dept la
Rhude
Amiri | mike amiri
Heron Preston
Represent | represent clo | represent clothing
Trapstar | trapstar london
Corteiz | crtz
Sp5der | sp5der worldwide | spider worldwide
Hellstar | hellstar studios
Broken Planet | broken planet market
Noah | noah ny | noah nyc
Aime Leon Dore | ald | aime leon dor
Awake NY | awake new york
Brain Dead | braindead
Online Ceramics
Cactus Plant Flea Market | cpfm
Denim Tears
Human Made | humanmade
Undefeated | undftd
Diamond Supply Co | diamond supply
The Hundreds
Obey | obey clothing | obey propaganda
HUF | huf worldwide
Chinatown Market
Pleasures | pleasures now
Born x Raised | born raised | bornxraised
Alltimers
Bianca Chandon
Polar Skate Co | polar skate
Dime MTL | dime montreal
Only NY
RipNDip | rip n dip | ripndip
Vlone
Warren Lotas
Eric Emanuel | ee shorts
Madhappy | mad happy
Sporty & Rich | sporty and rich
Cole Buxton
Axel Arigato
Purple Brand
Who Decides War
Saint Michael | saint mxxxxxx
Drew House | drewhouse
Gosha Rubchinskiy | gosha
1017 Alyx 9SM | alyx | alyx 9sm
A-Cold-Wall | acw | a cold wall
Ambush
Marcelo Burlon | county of milan
Misbhv
Daily Paper
Pangaia
Kappa
Fila
Starter
Mitchell & Ness | mitchell and ness | mitchell ness
Pro Standard
New Era | newera
'47 Brand | 47 brand | forty seven brand
Ebbets Field Flannels
Salem Sportswear
Nutmeg Mills
Tultex
Hanes
Fruit of the Loom | fruit loom
Jerzees
Gildan
Russell Athletic | russell
Screen Stars | screenstars
Oneita
Velva Sheen
Logo 7 | logo7
Logo Athletic
Pro Player
Chalk Line
Apex One
Delong
Holloway
Butwin
Swingster
Cross Colours | cross colors
Karl Kani
FUBU
Phat Farm
Sean John
Ecko Unltd | ecko | ecko unlimited | ecko red
Coogi
Pelle Pelle
Girbaud | marithe francois girbaud | francois girbaud
Z Cavaricci | cavaricci
Bugle Boy
B.U.M. Equipment | bum equipment
No Fear
Big Dogs
Airwalk
LA Gear | l a gear
British Knights
K-Swiss | kswiss
Etonic
Le Tigre
Quiksilver | quicksliver | quiksliver
Billabong | billa bong
Rip Curl | ripcurl
Hurley
Volcom
RVCA
O'Neill | oneill
Roxy
Town & Country Surf | town and country surf | t&c surf
Lightning Bolt
Local Motion
Maui and Sons | maui sons
Crazy Shirts
Reyn Spooner
Kahala
Hilo Hattie
Tori Richard
Avanti Silk | avanti
Paradise Found
Ocean Pacific | op surf
Hang Ten
Gotcha
Body Glove
Sanuk
Reef
Vissla
Katin
Rhythm | rhythm livin
Thrasher | thrasher magazine
Santa Cruz | santa cruz skateboards
Independent Trucks
Powell Peralta
Vision Street Wear | vision streetwear
Spitfire | spitfire wheels
Baker Skateboards
Element | element skateboards
Zoo York
DC Shoes | dc shoe co
Etnies
Emerica
Osiris
Globe
Fallen Footwear
Lakai
Supra
Dvs
Es Footwear
Creature Skateboards
Anti Hero
Girl Skateboards
Chocolate Skateboards
Fucking Awesome
Hockey Skateboards
Quasi Skateboards
Mishka | mishka nyc
10 Deep | 10deep
Crooks & Castles | crooks and castles
LRG | lifted research group
Rocksmith
Akomplice
Benny Gold
Black Scale
Staple | staple pigeon
Billionaire Boys Club | bbc
Ice Cream | icecream | bbc ice cream
Patta
Joe Freshgoods
Don C | just don
Nahmias
Fugazi Clothing
Stampd | stampd la
John Elliott
Enfants Riches Deprimes | erd | enfants riches
Bravest Studios
Lost Hills
Vale Forever
Wasted Youth
Verdy
Sicko
Honor the Gift
`);

/** Vintage, heritage, workwear and western labels, and footwear. */
export const HERITAGE_BRANDS = entries(`
Schott | schott nyc
Golden Bear
Vanson | vanson leathers
Langlitz
Buco
Hart Schaffner Marx | hart schaffner and marx
Hickey Freeman
Big Yank
Big Smith
Ben Davis
Red Kap | redkap
Pointer Brand
Stan Ray | stanray
Universal Overall
Prison Blues
Round House
Wrangler Riggs | riggs workwear
Sears Roebuck
Towncraft | penneys towncraft
Montgomery Ward
Misty Harbor
Izod Lacoste
Laura Ashley
Gunne Sax | gunnesax
Jessica McClintock | jessica mcclintock gunne sax
Lanz | lanz of salzburg
Carole Little
Susan Bristol
Halston
Bob Mackie
Betsey Johnson | betsey | betsy johnson
Norma Kamali
St. John | st john knits | saint john knits
Ellen Tracy
Jones New York | jones ny
Anne Klein | anne klien
Evan-Picone | evan picone
Leslie Fay
Albert Nipon
Vera Neumann
Liberty London | liberty of london
Lip Service
Tripp NYC | tripp
Demonia
Iron Fist
Killstar
Dolls Kill | dollskill
Current Mood
Sugar Thrillz
Unif
Jaded London
Disturbia
Kreepsville 666 | kreepsville
Jantzen
Catalina
Cole of California
Rose Marie Reid
Stetson
Resistol
Cinch
Roper
Panhandle Slim
Rock & Roll Denim | rock and roll denim | rock and roll cowboy | rock and roll cowgirl
Double D Ranch | double d ranchwear
Montana Silversmiths
Kimes Ranch
Hooey
Tony Lama | tonylama
Justin Boots
Durango
Dan Post
Old Gringo
Corral Boots
Laredo Boots
Boulet
Tecovas
Idyllwind
Schaefer Outfitter | schaefer
Ely Cattleman | ely walker
H Bar C
Rockmount Ranch Wear | rockmount
Nocona
Chippewa
Danner
Thorogood
Georgia Boot
Rocky Boots
Irish Setter
Wolverine | wolverine 1000 mile
LaCrosse Footwear | lacrosse boots
Muck Boot | muck boots | the original muck boot company
Xtratuf
Bogs
Kamik
Blundstone | blundstones | blunnies | blunstone
RM Williams | r m williams
Solovair
Grenson
Tricker's | trickers
Alden
Allen Edmonds | allen edmond
Johnston & Murphy | johnston and murphy
Florsheim
Church's
Crockett & Jones | crockett and jones
Paraboot
Quoddy
Rancourt
Yuketen
Viberg
Nicks Boots | nicks handmade boots
Wesco
Caterpillar | cat footwear
Carolina Boots
Sebago
Minnetonka | minnetonka moccasins
Cole Haan | colehaan | cole hahn
G.H. Bass | gh bass | bass weejuns | weejuns
Eastland
Hush Puppies | hushpuppies
Rockport
Naturalizer
Aerosoles
Easy Spirit
Sofft
Josef Seibel
Mephisto
Arche
Fly London
El Naturalista
Camper
Dansko
Ecco
Teva
Chaco | chacos
Keen
Merrell | merell | merrel
Olukai
Havaianas
Rainbow Sandals
Dolce Vita
Jeffrey Campbell
Matisse
Seychelles
Chinese Laundry
Marc Fisher | marc fisher ltd
Schutz
Sarah Flint
Rene Caovilla
Amina Muaddi
Alexandre Birman
Paul Andrew
Common Projects
Koio
Oliver Cabell
Filling Pieces
Buttero
Nine West | ninewest
Franco Sarto
Aldo
Call It Spring
Skechers | sketchers | skecher
Toms
Bearpaw | bear paw
EMU Australia
Koolaburra | koolaburra by ugg
Vionic
Hey Dude | heydude | hey dudes
Tieks
Keds
Superga
PF Flyers | pf flyer
Native Shoes
Autry
Karhu
Diadora
Le Coq Sportif | le coq
Hummel
Sergio Tacchini
Mizuno
Onitsuka Tiger | onitsuka | onitsuka tigers
Altra
Li-Ning | li ning
AND1
Spalding
Avia
Ryka
Heelys
Suicoke
Hender Scheme
Buscemi
`);

/** Outdoor, ski, fishing and hunting labels; activewear, golf and preppy labels; eyewear and swimwear. */
export const OUTDOOR_BRANDS = entries(`
REI Co-op | rei | rei coop
Kuhl | kuhl clothing
Prana
Outdoor Research
Rab
Montane
Mammut
Jack Wolfskin
Haglofs
Norrona
Helly Hansen | hellyhansen
Ortovox
Icebreaker
Smartwool | smart wool
Ibex
Darn Tough
Cotopaxi
Topo Designs
Mystery Ranch
Osprey | osprey packs
Deuter
Kelty
JanSport | jan sport | jansports
Herschel | herschel supply | herschel supply co
Eastpak
Dakine
Burton | burton snowboards
Obermeyer
Spyder
Kjus
Descente
Goldwin
Perfect Moment
Peak Performance
Sweaty Betty
Klattermusen
Sierra Designs
Penfield
Holubar
Aigle
Musto
Mackage
Moose Knuckles
Nobis
Parajumpers
Kanuk
Tilley | tilley endurables
Manitobah Mukluks | manitobah
Free Fly | free fly apparel
Howler Brothers | howler bros
Simms | simms fishing
Orvis
Huk | huk gear
Columbia PFG | pfg
Magellan Outdoors
Guy Harvey
Salt Life
Sitka Gear | sitka
Kryptek
Mossy Oak
Realtree
Cabela's | cabelas
Bass Pro Shops | bass pro
Gordini
Mountain Equipment
Kathmandu
Macpac
Snow Peak | snowpeak
Montbell | mont bell
Nanamica
Gramicci
Battenwear
Manastash
Outerknown
Marine Layer
Faherty | faherty brand
Taylor Stitch
Buck Mason
Todd Snyder
Flint and Tinder
Billy Reid
Jack Spade
Rhone
Ten Thousand
Tracksmith
Janji
Satisfy Running
Ciele | ciele athletics
District Vision
Oiselle
Beyond Yoga
Varley
Year of Ours
Set Active
Girlfriend Collective
Gymshark
Koral
Splits59
Terez
Onzie
Spiritual Gangster
Beach Riot
Carbon38
Tory Sport
Lorna Jane
P.E Nation
Adanola
Alphalete
Buffbunny
Born Primitive
Ryderwear
YoungLA | young la
Rapha
Pearl Izumi
Castelli
Assos
2XU
CW-X | cwx
Smith Optics
Maui Jim
Costa Del Mar | costa sunglasses
Persol
Oliver Peoples
Warby Parker
Quay Australia
Le Specs
Krewe
Garrett Leight
Gentle Monster
Moscot
Randolph Engineering
American Optical
Cazal
Carrera
Serengeti
Revo
Speedo
TYR
Miraclesuit
La Blanca
Vix Swimwear | vix paula hermanny
Solid & Striped | solid and striped
Frankies Bikinis | frankies
Triangl
L*Space | lspace | l space
Seafolly
Summersalt
Hunza G
Lisa Marie Fernandez
Bond-Eye | bond eye
Cupshe
Onia
Birdwell
Chubbies
Peter Millar
Johnnie-O | johnnie o | johnnieo
Vineyard Vines | vinyard vines | vineyard vine
Southern Tide
Southern Marsh
Lilly Pulitzer | lily pulitzer | lilly pulizter
Bonobos
Mizzen+Main | mizzen and main | mizzen main
Rhoback
Greyson | greyson clothiers
G/Fore | gfore
Malbon | malbon golf
TravisMathew | travis mathew
Linksoul
Holderness & Bourne | holderness and bourne
FootJoy | foot joy
Galvin Green
Cutter & Buck | cutter and buck
Zero Restriction
Fairway & Greene | fairway and greene
Dunning Golf
Robert Graham
`);

/** Japanese labels. */
export const JAPAN_BRANDS = entries(`
Kapital
Visvim
Needles | needles japan
Neighborhood | nbhd
WTAPS
Undercover | undercover jun takahashi | undercoverism
Sacai
Junya Watanabe | junya | junya watanabe man
Yohji Yamamoto | yohji | ys yohji yamamoto | yohji yamamoto pour homme
Y-3 | y3
Issey Miyake | issey | issey miyake men
Pleats Please | pleats please issey miyake
Homme Plisse | homme plisse issey miyake
Bao Bao | bao bao issey miyake | baobao
Beams | beams plus | beams boy
United Arrows
Journal Standard
Orslow
Porter | porter yoshida | yoshida porter | head porter
Wacko Maria
Cav Empt | cavempt
Fragment Design
Sophnet | soph
Uniform Experiment
Mastermind Japan | mmj
Number (N)ine | number nine | number n ine
Hysteric Glamour
Blue Blue Japan
45rpm | 45r
Studio D'Artisan | studio dartisan
The Flat Head
Sugar Cane
Buzz Rickson's | buzz ricksons | buzz rickson
The Real McCoy's | real mccoys
Toys McCoy
Full Count
Big John
Porter Classic
Auralee
Comoli
Graphpaper
Kaptain Sunshine
Engineered Garments
FWK Engineered Garments | fwk
South2 West8 | south2west8 | s2w8
Nepenthes
Sasquatchfabrix
The Soloist | takahiromiyashita the soloist
Mihara Yasuhiro | maison mihara yasuhiro | mihara
Facetasm
Children of the Discordance
Kolor
Descendant
Bounty Hunter
Good Enough
Tenderloin
Cootie Productions
Sugarhill
Nano Universe
Urban Research
Mame Kurogouchi | mame
Tsumori Chisato
Mina Perhonen
Zucca | cabane de zucca
Y's | ys yohji
Limi Feu
Noir Kei Ninomiya
Ganryu
Snidel
Lily Brown
Earth Music & Ecology
Axes Femme
Liz Lisa
Ank Rouge
Angelic Pretty
Baby the Stars Shine Bright | btssb | baby the stars
Metamorphose | metamorphose temps de fille
Innocent World
h.Naoto | h naoto
Super Lovers
Milkboy
Nice Claup
Emoda
Rodeo Crowns
Jouetie
Muji
Anello
Samantha Thavasa
Master-piece | master piece
Ne-net | nenet
Evisen
Nonnative
Bedwin & the Heartbreakers | bedwin
Kansai Yamamoto | kansai
Hanae Mori
Julius | julius 7
John Lawrence Sullivan
Kiko Kostadinov
`);

/** American designers, occasion and bridal labels, boutique and Y2K labels, and named lines of bigger brands. */
export const DESIGNER_BRANDS = entries(`
Badgley Mischka
Marchesa | marchesa notte
Jason Wu
Prabal Gurung
Rodarte
Zac Posen
Vera Wang
Monique Lhuillier | ml monique lhuillier
Reem Acra
Pronovias
Maggie Sottero
Sherri Hill
Jovani
La Femme
Mac Duggal
Tadashi Shoji | tadashi
Alex Evenings
Terani Couture | terani
BHLDN
Jenny Yoo
Amsale
David's Bridal | davids bridal
Allure Bridals
Justin Alexander
Essense of Australia
Hayley Paige
Narciso Rodriguez
Nicole Miller
BCBG Max Azria | bcbg | bcbgmaxazria | bcbgeneration | bcbg maxazria
Herve Leger | herve leger by max azria
Rachel Roy
Rachel Zoe
Tracy Reese | plenty by tracy reese
Kay Unger
Issa London
Jill Stuart
Anna Sui
3.1 Phillip Lim | phillip lim | 31 phillip lim
Opening Ceremony
Public School
Band of Outsiders
Thakoon
Altuzarra
Rosie Assoulin
Brandon Maxwell
Christian Siriano
Sergio Hudson
Pyer Moss
LaQuan Smith
Hood by Air | hba
Eckhaus Latta
Collina Strada
Vaquera
Batsheva
Sandy Liang
Maryam Nassir Zadeh | mnz
Rachel Comey
Apiece Apart
Caron Callahan
Jesse Kamm
Ilana Kohn
Elizabeth Suzann
Lauren Manoogian
Black Crane
Dusen Dusen
Lafayette 148 | lafayette 148 new york
Parker | parker ny
Amanda Uprichard
Line & Dot | line and dot
Wayf
Astr the Label | astr
BB Dakota
Hem & Thread | hem and thread
Umgee
Jodifl
Ces Femme
Entro
Mittoshop
Juicy Couture | juicy couture black label
Von Dutch
Ed Hardy
Christian Audigier
Affliction
Rampage
XOXO
Candie's
JNCO
Limited Too
Dereon
G-Unit | g unit
Jessica Simpson
Fornarina
Frankie B
People's Liberation | peoples liberation
Antik Denim
Taverniti So Jeans | taverniti
See by Chloe
Red Valentino | redvalentino
Polo Sport
Tommy Girl
Nike ACG | acg
Ralph Lauren Purple Label | purple label
Double RL
Denim & Supply Ralph Lauren | denim and supply
Lauren Jeans Co
Polo Jeans Co | polo jeans
Hugo | hugo by hugo boss
Scotch & Soda | scotch and soda | maison scotch
Levi's Made & Crafted | levis made and crafted | lmc
Levi's Vintage Clothing | lvc | levis vintage clothing
Levi's Silver Tab | silvertab | silver tab | levis silvertab
`);

/** Children's and baby labels. */
export const KIDS_BRANDS = entries(`
Kate Quinn
Little Sleepies
Posh Peanut
Kyte Baby
Burt's Bees Baby | burts bees
Zutano
Matilda Jane | matilda jane clothing
Persnickety
Feltman Brothers
Petit Bateau
Bonpoint
Jacadi | jacadi paris
Mayoral
Polarn O. Pyret | polarn o pyret
Rylee + Cru | rylee and cru | rylee cru
Quincy Mae
Noralee
Jamie Kay
Mini Rodini
Nununu
Molo
Tinycottons
Bobo Choses
The Animals Observatory
Misha & Puff | misha and puff
Hatley
Stride Rite
See Kai Run
Pediped
Robeez
Freshly Picked
Tucker + Tate | tucker and tate
Peek Kids
Flapdoodles
Mud Pie
Bailey Boys
The Beaufort Bonnet Company | beaufort bonnet company | tbbc
Kissy Kissy
Magnolia Baby
Angel Dear
Little Me
Lemon Loves Lime
Frugi
JoJo Maman Bebe
Smocked Threads
`);

/** Jewellery, watches, bags and luggage, hats and scarves. */
export const ACCESSORIES_BRANDS = entries(`
Pandora | pandora jewelry
Kendra Scott
James Avery
Alex and Ani | alex ani
Brighton
Monica Vinader
Mejuri
Gorjana
Missoma
Baublebar
Alexis Bittar
Stella & Dot | stella and dot
Premier Designs
Trollbeads
Links of London
Thomas Sabo
Majorica
Monet
Trifari
Napier
Sarah Coventry
Coro
Miriam Haskell | haskell
Kenneth Jay Lane | kjl
Eisenberg
Carolee
Nina Ricci
Ciner
Erwin Pearl
Lia Sophia
Dogeared
Breitling
IWC | iwc schaffhausen
Panerai
Hublot
Audemars Piguet
Patek Philippe | patek
Tudor
Longines
Tissot
Seiko
Casio
G-Shock | g shock | gshock
Timex
Invicta
Nixon
Daniel Wellington
MVMT
Skagen
Bulova
Michele
Shinola
Kipling
Baggallini
Thirty-One | thirty one gifts
Tumi
Briggs & Riley | briggs and riley
Samsonite
Calpak
Rimowa
Beis
Dagne Dover
Lo & Sons | lo and sons
Baggu
Bellroy
Peak Design
Chrome Industries
Timbuk2 | timbuk 2
Manhattan Portage
Freitag
Aspinal of London | aspinal
Radley | radley london
Cambridge Satchel Company | cambridge satchel
Ally Capellino
Anya Hindmarch
Botkier
Hammitt
Clare V. | clare vivier | clare v
Sole Society
Melie Bianco
Matt & Nat | matt and nat
Brahmin
Patricia Nash
Mansur Gavriel
Cuyana
Polene | polene paris
Strathberry
Demellier
Senreve
JW Pei | jw pei
Charles & Keith | charles and keith
Wandler
Rejina Pyo
Simon Miller
Boyy
Little Liffner
Danse Lente
Yuzefi
Osoi
Hereu
Manu Atelier
Savette
Lancel
Lancaster Paris
Nancy Gonzalez
Kooba
Goorin Bros | goorin brothers | goorin
Lack of Color
Janessa Leone
Brixton
Faliero Sarti
Begg & Co | begg and co | begg x co
Echo Design
`);

/** Bands whose tees resellers sell: their tees are band tees too (BAND_TEE_BANDS in lexicon-data.ts). */
export const BANDS_BRANDS = entries(`
AC/DC | acdc | ac dc
Pantera
Korn
Deftones
System of a Down | soad
Misfits
Run-DMC | run dmc
Public Enemy
Outkast
Snoop Dogg
Judas Priest
Motorhead
Ozzy Osbourne | ozzy
Bruce Springsteen | springsteen
Michael Jackson
Madonna
Britney Spears
Spice Girls
Backstreet Boys
NSYNC | n sync
New Kids on the Block | nkotb
Dave Matthews Band | dmb
Allman Brothers Band | allman brothers
Joy Division
Depeche Mode
Sonic Youth
Radiohead
Weezer
Marilyn Manson
Rob Zombie
White Zombie
Alice Cooper
Jerry Garcia
Willie Nelson
Dolly Parton
Garth Brooks
George Strait
Shania Twain
Taylor Swift
Harry Styles
Beyonce
Travis Scott | cactus jack
Billie Eilish
Post Malone
Sepultura
Cannibal Corpse
Danzig
Black Flag
Dead Kennedys
Bad Brains
Minor Threat
Fugazi
Sex Pistols
Talking Heads
ZZ Top
Skid Row
Whitesnake
Widespread Panic
Siouxsie and the Banshees | siouxsie
`);

/** Licensed merch sold as tees, jackets and caps: studios, characters, leagues and drinks. */
export const LICENSED_BRANDS = entries(`
Disney | walt disney | disneyland | walt disney world
Looney Tunes
Marvel | marvel comics
Star Wars
Hard Rock Cafe | hard rock
NASCAR
Coca-Cola | coca cola
Budweiser
Marlboro
John Deere
Pokemon
Nintendo
Hello Kitty
Sanrio
Care Bears
NFL
NBA
MLB
NHL
`);

/** Every brand of this file. */
export const MORE_BRANDS: LexiconEntry[] = [
  ...MALL_BRANDS,
  ...LUXURY_BRANDS,
  ...STREETWEAR_BRANDS,
  ...HERITAGE_BRANDS,
  ...OUTDOOR_BRANDS,
  ...JAPAN_BRANDS,
  ...DESIGNER_BRANDS,
  ...KIDS_BRANDS,
  ...ACCESSORIES_BRANDS,
  ...BANDS_BRANDS,
  ...LICENSED_BRANDS,
];
