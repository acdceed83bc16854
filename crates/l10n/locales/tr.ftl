# hamle'nin Türkçe iletileri. İngilizce katalog (en.ftl) aynı kimlikleri taşır: birinde olup ötekinde olmayan
# bir ileti testleri düşürür. Sözcükler Hapis tezinin (000, bölüm 4.3) sözcükleridir: pul, hane, kapı, hapis,
# açık, gele, mars, toplamak; zarlar yek, dü, se, cihar, penç, şeş; çiftler hepyek, dubara, düse, dörtcihar,
# dübeş, düşeş.

## Her sayfanın ortak çerçevesi

lang-switch = Dil
lang-en = English
lang-tr = Türkçe
# Katalog dışından gelen, olduğu gibi gösterilen sözler (dış bir motorun kendi hatası).
verbatim = { $text }

## Oyunların tarafları

side-white = Beyaz
side-black = Siyah
side-red = Kırmızı
side-blue = Mavi
side-first = Birinci
side-second = İkinci
side-x = X
side-o = O
side-player = Oyuncu
side-nobody = Kimse
side-vertical = Dikey
side-horizontal = Yatay

## Bir yerde kim oturuyor

seat-bot = bilgisayar { $spec }
seat-person = kişi

## Bir maçın kaydı (oyun katmanı)

# Sayfa, bakan kişinin kendi tarafı için `person` = you verir ("Siz"); sunucu hiç vermez.
log-no-move = { $person ->
        [you] Oynayacak hamle bulamadınız.
       *[other] { $who } oynayacak hamle bulamadı.
    }
# Tezin sözcüğüyle (4.3): oynanamayan zar "gele"dir.
log-no-move-dice = { $person ->
        [you] Gele attınız: zarınız oynanamıyor.
       *[other] { $who } gele attı: zarı oynanamıyor.
    }
log-takes-back = { $person ->
        [you] { $n } hamleyi geri aldınız.
       *[other] { $who } { $n } hamleyi geri aldı.
    }
log-agrees-draw = { $person ->
        [you] Beraberliği kabul ettiniz.
       *[other] { $who } beraberliği kabul etti.
    }
log-offers-draw = { $person ->
        [you] Beraberlik önerdiniz.
       *[other] { $who } beraberlik önerdi.
    }
log-plays = { $person ->
        [you] { $move } oynadınız.
       *[other] { $who } { $move } oynadı.
    }
log-resigns = { $person ->
        [you] Pes ettiniz.
       *[other] { $who } pes etti.
    }
log-throw-start = Başlamak için atış: { $dice }.
log-throws = { $person ->
        [you] { $dice } attınız.
       *[other] { $who } { $dice } attı.
    }
log-match-won = { $seat }. oyuncu ({ $label }) maçı { $won }–{ $lost } kazandı.

## Bir oyunun nasıl bittiği, her oyunda

ending-goes-on = Oyun sürüyor.
ending-over = Oyun bitti.
ending-solo = Oyun bitti: { $points } puan.
ending-first-wins = Birinci oyuncu kazandı.
ending-second-wins = İkinci oyuncu kazandı.
ending-draw = Berabere.
ending-draw-agreed = Anlaşmayla berabere.
ending-time-draw = { $who } için süre doldu, ama { $other } kazanamaz: berabere.
ending-time-lost = { $who } için süre doldu: { $other } süreden kazandı.

## Bir işlemin neden geri çevrildiği (oyun katmanı), API'nin hata açıklaması olarak

refusal-no-bot-to-ask = bu oyunda sorulacak bir bilgisayar oyuncusu yok
refusal-no-move-to-hint = ipucu verilecek bir hamle yok
refusal-match-length = bir maç en az 1 sayıyla kazanılır
refusal-match-over = maç bitti
refusal-game-over-next = bu oyun bitti: sıradakine başlayın
refusal-throw-now = şimdi zar atılmalı
refusal-no-throw-now = şimdi zar atma sırası değil
refusal-not-your-turn = sıra sizde değil
refusal-takeback-chance = şansa bağlı bir oyunda hamle geri alınmaz: atılacak zarlar baştan bağlanmıştır
refusal-takeback-bot-only = hamleler yalnızca bilgisayara karşı geri alınır
refusal-game-over = bu oyun bitti
refusal-takeback-none = geri alınacak bir hamleniz yok
refusal-draw-no-opponent = beraberlik bir rakibe önerilir; bu oyunda rakip yok
refusal-draw-offer-stands = beraberlik öneriniz duruyor: karşı taraf da önerirse kabul etmiş olur
refusal-time-by-server = süre bitimini oyuncu değil, sunucu bildirir
refusal-game-not-over = oyun henüz bitmedi
refusal-nothing-to-throw = atılacak bir şey yok
refusal-undo-steps-first = bütün bir hamle oynamadan önce girdiğiniz adımları geri alın
refusal-moves-whole = bu oyunda hamleler bütün olarak oynanır
refusal-no-step-to-undo = geri alınacak adım yok
refusal-bot-choice-stored = bilgisayarın seçimi kendi hamlesi olarak saklanır
refusal-undo-steps-before-bot = bilgisayara sormadan önce girdiğiniz adımları geri alın
refusal-no-helper = bu oyunda yardımcı bilgisayar yok
refusal-bot-no-move = bilgisayarın oynayacak hamlesi yok
refusal-time-not-out = o tarafın süresi dolmadı
refusal-bot-seat = o yerde bilgisayar oynuyor
refusal-clock-needs-time = saatli bir oyunda her işlem yapıldığı anla birlikte gelir
refusal-clock-damaged = saatli oyunun bir işleminin zamanı yok: kayıt bozuk
refusal-time-no-clock = saatsiz bir oyunda süre bitimi bildirilmiş: kayıt bozuk
refusal-clock-before-first = saat ilk işlemden önce kurulur
refusal-clock-two-people = saat, iki kişi arasındaki oyun içindir
refusal-helper-unbuilt = yardımcı bilgisayar kurulamadı
refusal-hint-whole-move = ipucu bütün hamle içindir: önce adımlarınızı geri alın
refusal-seat-count = { $game } oyununda { $players } yer var, { $seats } değil
refusal-takeback-limit = bu oyunda { $n } geri alma hakkının hepsi kullanıldı
refusal-bot-declines-draw = bilgisayar { $bot } beraberliği kabul etmiyor
refusal-pass-illegal = pas geçmek (boş hamle) burada kurala aykırı
refusal-illegal = { $move } burada kurala aykırı
refusal-no-seat = bu oyunda { $seat } numaralı yer yok
# Gösterimin kendi açıklaması (`why`) İngilizcedir; burada gösterilmez.
refusal-unreadable-move = '{ $move }' okunamadı ya da burada kurala uygun bir hamle değil
refusal-undo-limit = son hamleden beri { $n } adım geri alındı: bunu oynayın
refusal-record-ceiling = bu maç { $n } işlem sınırına ulaştı: pes edin
refusal-time-lost = { $who } için süre doldu: oyun süreden kaybedildi
refusal-chance-damaged = saklanan şans { $stored }, tohumun çektiği şans değil ({ $drawn }): kayıt bozuk

## Biten oyunların çözümlemesi

analysis-no-analyst = { $game } için çözümleyici yok: bir hamlenin neye mal olduğunu söyleyecek bir yargıç yok
analysis-effort = { $game } için çaba { $min } ile { $max } arasındadır ({ $means }), { $effort } değil
analysis-format = kaydın biçimi '{ $want }' olmalı, '{ $got }' değil
analysis-no-seed = bu kaydın tohumu yok: bir oyun bittikten sonra çözümlenir
analysis-action = { $n }. işlem: { $why }
analysis-not-over = bu kaydın oyunu bitmedi: bitince çözümlenir
analysis-records-only = { $game } yalnızca hamle'nin kayıtlarından çözümlenir
analysis-after-end = { $n }. hamle oyun bittikten sonra geliyor
analysis-illegal = { $n }. hamle kurala aykırı
analysis-too-long = bu maçta { $items } karar ve atış var, bir çözümlemenin baktığı { $max } sınırından fazla: oyunları tek tek çözümleyin

## Sunucunun hataları (API'nin `detail` alanı; `error` kodu her dilde aynı sözcüktür)

error-no-game = bu kimlikte bir oyun yok
error-busy = { $why }: birazdan yeniden deneyin
error-busy-full = sunucu başkaları için düşünmekle meşgul
error-busy-client = adresiniz bir istemcinin bekletebileceği kadar düşünce bekletiyor
error-conflict = oyun bu arada değişti (başka bir isteğiniz ya da bilgisayar önce davrandı): hiçbir şey yapılmadı; oyunu yeniden okuyup tekrar deneyin
error-invite-unknown = bu davet bilinmiyor
error-invite-expired = bu davetin süresi geçti
error-invite-full = bu oyunun bütün yerleri dolu
error-invite-seated = bu oyunda zaten oturuyorsunuz
error-revoked = bu anahtar iptal edildi: hâlâ oynadığınız bir tarayıcıyı ya da orada yapılmış bir aktarma bağlantısını kullanın
error-unknown-token = bu anahtar bir oyuncunun değil
error-too-many = çok fazla { $what }: { $wait } sn sonra yeniden deneyin
rate-creations = adresinizden yeni oyuncu ya da oyun
rate-actions-player = sizden işlem
rate-actions-address = adresinizden işlem
rate-hints-player = sizin istediğiniz ipucu
rate-hints-address = adresinizden istenen ipucu
rate-streams = adresinizden açılan olay akışı
rate-people = adresinizden ad değişikliği ve aktarma

## Hapis Tavlası (tez 000): bitişler, zarlar, bir adımın geri çevrilmesi

hapis-won-mars = { $person ->
        [you] Mars ile kazandınız: 2 puan.
       *[other] { $side } mars ile kazandı: 2 puan.
    }
hapis-won = { $person ->
        [you] Kazandınız: 1 puan.
       *[other] { $side } kazandı: 1 puan.
    }
# Plakoto'nun "ana" kuralı: bir tarafın başlangıç hanesindeki son pulu (ana pul) orada hapis olursa.
hapis-won-mother = { $person ->
        [you] Ana pul kuralıyla kazandınız: { $points } puan.
       *[other] { $side } ana pul kuralıyla kazandı: { $points } puan.
    }
hapis-mothers-tie = İki ana pul da hapis: berabere.
# Bir atış; çift zar, tezin (bölüm 4.3) verdiği adla.
hapis-throw = { $high }-{ $low }{ $double ->
        [1] {" "}(hepyek)
        [2] {" "}(dubara)
        [3] {" "}(düse)
        [4] {" "}(dörtcihar)
        [5] {" "}(dübeş)
        [6] {" "}(düşeş)
       *[0] {""}
    }
hapis-opening-throw = beyaz { $white }, siyah { $black }
hapis-resign-before-start = oyun başlamadı: önce başlamak için zar atın
hapis-hint-level = '{ $level }' bir düzey değil (beginner, casual, intermediate, advanced, expert)
hapis-throw-first = önce zar atın
hapis-no-dice = oynanacak zar yok: önce zar atın
hapis-unreadable-step = adım okunamadı: { $why }
hapis-not-one-step = '{ $text }' tek bir adım değil (1/4 ya da 22/off gibi yazın)
hapis-step-blocked = { $step } oynanamaz: { $why }
hapis-step-no-play = bu kurala uygun bir hamle olmaz: oynanabildiği kadar çok zar oynanmalı (yalnız biri oynanabiliyorsa büyüğü)
hapis-step-complete = hamle tamam: oynanacak zar kalmadı
hapis-blocked-no-checker = { $point }. hanede pulunuz yok
hapis-blocked-pinned = { $point }. hanedeki pulunuz hapis: rakip pullar oradan gidene dek kıpırdayamaz
hapis-blocked-backwards = pullar yalnızca ileri gider
hapis-blocked-not-home = pulları toplamak için bütün pullarınız toplanma alanında (19–24) olmalı ve hiçbiri hapis olmamalı
hapis-blocked-no-die = kalan zarlardan hiçbiri { $distance } değil (kalan: { $left })
hapis-blocked-door = { $point }. hane rakibin kapısı: orada iki ya da daha çok rakip pul, ya da hapis bir pulun üstünde rakip pul var
hapis-blocked-not-farthest = gerekenden büyük bir zar, pul yalnızca en uzak haneden ({ $point }) toplar

## Satranç (tez 001): bitişler

chess-checkmate = { $person ->
        [you] Mat ederek kazandınız.
       *[other] { $side } mat ederek kazandı.
    }
chess-draw = Berabere: { $reason ->
        [stalemate] pat
        [insufficient] yetersiz materyal
        [threefold] üç kez pozisyon tekrarı
        [fifty] elli hamle kuralı
        [fivefold] beş kez pozisyon tekrarı
        [seventy-five] yetmiş beş hamle kuralı
       *[other] { $reason }
    }.

## Öteki oyunların bitişleri

dots-won = { $side } { $won }–{ $lost } kazandı.
dots-draw = Berabere, { $boxes }–{ $boxes }.
sim-lost = { $side } kendi renginde bir üçgen tamamladı ve kaybetti.
g2048-over = Oyun bitti: puan { $score }, en büyük taş { $tile }.
tour-closed = Kapalı bir tur: { $squares } karenin hepsi gezildi.
tour-full = Tam bir tur: { $squares } karenin hepsi gezildi.
tour-open = Her kare gezildi, ama son kare ilkinden bir at hamlesi uzakta değil: { $squares } karelik açık bir tur.
tour-stuck = At, { $squares } karenin { $visited } tanesini gezdikten sonra sıkıştı.
queens-solved = Çözüldü: { $n } vezir, hiçbiri ötekini tehdit etmiyor.
queens-stuck = Sıkıştı: boş karelerin hepsi tehdit altında; { $n } vezirin { $placed } tanesi yerleştirildi.

## Bir tarafın adı, cümlenin ortasında ("beyaz ile oynuyorsunuz …")

plays-white = beyaz
plays-black = siyah
plays-red = kırmızı
plays-blue = mavi
plays-first = birinci
plays-second = ikinci
plays-x = X
plays-o = O
plays-player = oyuncu
plays-nobody = kimse
plays-vertical = dikey
plays-horizontal = yatay

## Bilgisayarın hamlesinin neden beklediği (durumun `pending` alanı)

owed-failed = bilgisayar hamle yapamadı ({ $why }): bir sonraki istekte yeniden sorulacak
owed-busy = { $why }: bilgisayar bir sonraki istekte oynayacak
owed-unstored-move = bilgisayarın hamlesi saklanamadı ({ $why }): bir sonraki okumada yeniden sorulacak
owed-unstored-reply = bilgisayarın yanıtı saklanamadı ({ $why }): bir sonraki isteğinizde oynanacak

## Her oyun sayfasının ortak çerçevesi (web/api.js): yerler, davetler, saatler, dereceler

frame-unreachable = Sunucuya ulaşılamıyor. hamle hâlâ çalışıyor mu?
frame-went-wrong = Bir şeyler ters gitti: { $error }
frame-revoked-browser = Bu tarayıcının kimliği iptal edildi. Hâlâ oynadığınız bir tarayıcıdan gelen aktarma bağlantısını kullanmak ya da baştan başlamak için sayfanızı (/me) açın.
frame-who-you = siz
frame-who-bot = bilgisayar ({ $bot })
frame-who-nobody-yet = henüz kimse
frame-who-a-person = bir kişi
frame-who-friend-waiting = arkadaşınız (henüz gelmedi)
frame-who-friend = arkadaşınız
frame-invite-note = Bu bağlantıyı ilk açan öteki yere oturur. Bu sayfa onun hamlelerini geldikçe gösterir.
frame-invite-note-until = Bu bağlantıyı ilk açan öteki yere oturur ({ $until } tarihine dek geçerli). Bu sayfa onun hamlelerini geldikçe gösterir.
frame-copy-yourself = Bağlantıyı seçip kendiniz kopyalayın: bu tarayıcı sayfanın kopyalamasına izin vermiyor.
frame-copied = Bağlantı kopyalandı: arkadaşınıza gönderin.
frame-clock = Saat
frame-clock-none = Saatsiz
frame-clock-3-2 = 3 dakika + hamle başına 2 saniye
frame-clock-5-3 = 5 + 3
frame-clock-10-0 = 10 dakika
frame-clock-15-10 = 15 + 10
frame-clock-1d = Yazışmalı: hamle başına bir gün
frame-clock-3d = Yazışmalı: hamle başına üç gün
frame-clock-you = (siz)
frame-rated = Dereceli
frame-rated-yes = (sonuç derecenizi değiştirir; ipucu ve geri alma yok)
frame-rated-no = (derecesiz: bu rakibin bu tahtada derecesi yok)
frame-rated-line = Dereceli oyun: { $seats }. İpucu ve geri alma yok.
frame-against = karşısında
frame-rated-done = Dereceli oyun. { $changes }.
frame-rating-yours = Dereceniz
frame-rating-of = Derece ({ $who })
frame-rating-change = { $whose }: { $before } → { $after } ({ $change })
frame-no-seat = Bu oyunda yeriniz yok.
frame-watching = { $why } Oyunu izliyorsunuz: hamleler oynandıkça görünür.
frame-pending = { $why } (birazdan yeniden soruluyor)
frame-update-unreadable = Bir güncelleme okunamadı: { $error }
frame-join-failed = Katılamadınız ({ $error }).
frame-join-full = Bu oyunun iki yeri de dolu, davet artık geçmiyor.
frame-join-expired = Bu davetin süresi geçti: arkadaşınızdan yeni bir oyun isteyin.
frame-join-unknown = Bu davet bu oyunun değil.
frame-join-other = Katılamadınız: { $why }
frame-matchup = { $side } tarafı oynuyorsunuz, rakibiniz { $who }

## Uçbirimde Hapis Tavlası: tahtanın sözcükleri

hapis-board-off = toplanan: beyaz { $white }, siyah { $black }
hapis-board-opening = başlangıç atışı bekleniyor
hapis-board-to-throw = zar atma sırası: { $side }
hapis-board-to-play = oynama sırası: { $side }, zar { $dice }
hapis-board-won = { $side } on beş pulunun hepsini topladı
hapis-board-over = oyun bitti

## `hamle play hapis`: uçbirimde bir maç

hplay-start = Hapis Tavlası, { $n } sayılık maç. { $side } ile oynuyorsunuz.
hplay-help =
    Bütün bir hamleyi kendi numaralamanızla yazın (başlangıcınız 1. hane, toplanma alanınız 19-24): 1/4 1/6, 19/off.
    Ya da adım adım: 1/4, ya da bir hane ve bir zar: 1 3.
      moves   kurala uygun hamleler, numaralı (#2 ikincisini oynar)
      hint    bu atış için ustanın en iyi üç hamlesi, şanslarıyla
      undo    bu turdaki son adımı geri al
      log     şimdiye dek oynananlar    board   tahtayı yeniden göster
      resign  bu oyundan pes et         quit    maçtan çık
      help    bu yazı
hplay-game = === { $n }. oyun — skor: beyaz { $white }, siyah { $black } ===
hplay-match-over = Maç bitti: { $winner ->
        [you] maçı siz kazandınız
       *[bot] maçı bilgisayar kazandı
    }, { $won }–{ $lost }.
hplay-bye = Hoşça kalın: maç beyaz { $white }, siyah { $black } durumunda yarım kaldı.
hplay-status = { $length } sayılık maç: beyaz { $white }, siyah { $black }. Zar { $dice }, kalan: { $left }
hplay-played-so-far = ; şimdiye dek oynanan: { $steps }
hplay-prompt = Hamleniz:
hplay-you-resign = Pes ettiniz.
hplay-nothing-to-undo = Bu turda geri alınacak bir şey yok.
hplay-plays-so-far = Bu oyunda şimdiye dek oynananlar:
hplay-none = (yok)
hplay-no-move = (oynanacak hamle yok)
hplay-hint = değer { $equity }, kazanma %{ $win }, mars ile kazanma %{ $mars }, mars ile kaybetme %{ $lost }
hplay-undo-first = Önce adımlarınızı geri alın ya da adım adım sürdürün.
hplay-not-number = '{ $text }' bir hamle numarası değil ('moves' yazıp bakın)
hplay-no-play-number = #{ $n } numaralı bir hamle yok.
hplay-unreadable = hamle okunamadı: { $why }
hplay-not-play = '{ $text }' bir hamle değil: 'help' yazın.

## `hamle play OYUN`: uçbirimde herhangi bir oyun

play-help = Oyunun gösterimiyle bir hamle yazın ('moves' kurala uygun hamleleri sıralar); 'history' şimdiye dek oynanan hamleler, 'hint' en güçlü bilgisayarın seçimi, 'bot' hamlenizi yardımcıya yaptırmak (tek kişilik oyunlar), 'undo' son hamlenizi ve bilgisayarın yanıtını geri almak, 'draw' kurallar veriyorsa beraberlik istemek (satranç), vermiyorsa önermek, 'pgn' oyunun PGN kaydı (satranç), 'record' maçın kaydı, 'resign' pes etmek, 'quit' çıkmak içindir.
play-over = Oyun bitti. { $ending }
play-moves = Hamleler: { $moves }
play-prompt = Hamleniz:
play-bye = Hoşça kalın: oyun yarım kaldı.
play-legal = Kurala uygun hamleler: { $moves }
play-so-far = Şimdiye dek oynanan hamleler: { $moves }
play-hint = İpucu: { $move } ({ $bot } bilgisayarının seçimi, değer { $value })
play-no-pgn = Bu oyunun PGN kaydı yok: maçın kaydını 'record' yazdırır.
play-refused = { $why }. Kurala uygun hamleler: { $moves }

## Uçbirimde ok tuşlarıyla oynanan oyunlar (2048)

keys-type = Bir hamle yazıp ({ $moves }) Enter'a basın; 'quit' çıkar.
keys-bye = Hoşça kalın: oyun yarım kaldı (puan { $score }).
keys-watching = Bilgisayar izleniyor: q çıkar.
keys-arrows = Ok tuşları, wasd ya da hjkl oynatır; q çıkar.
keys-bot-played = Bilgisayar { $move } oynadı. q çıkar.
keys-you-played = { $move } oynadınız.
keys-not-a-move = Hamle değil: { $why }.
keys-left = { $score } puanda yarım bırakıldı (tohum { $seed }).
keys-summary = { $ending } { $moves } hamle (tohum { $seed }).
keys-header = puan { $score }   hamle { $moves }   tohum { $seed }

## Öteki oyunların uçbirimdeki tahtaları

grundy-board-to-move = sıra { $n }. oyuncuda
sim-board-to-move = sıra: { $side }
sim-board-lost = { $side } bir üçgen tamamladı ve kaybetti
# Bir kutu, sahibinin baş harfiyle.
dots-board-red-box = K
dots-board-blue-box = M
dots-board-status = kırmızı { $red } · mavi { $blue } · sıra: { $side }
g2048-board-status = puan { $score }  hamle { $moves }

## Sunucunun, sayfalarda bir kişinin karşılaştığı hataları

error-no-token = oyuncu anahtarınızı 'Authorization: Bearer <anahtar>' olarak gönderin (POST /api/players bir anahtar verir)
error-name-length = bir ad 3 ile 20 karakter arasıdır: harfler (her alfabeden), 0-9 rakamları, '-' ve '_'; bir harfle başlar; bu adda { $count } karakter var
error-name-start = bir ad 3 ile 20 karakter arasıdır: harfler (her alfabeden), 0-9 rakamları, '-' ve '_'; bir harfle başlar; bu ad başka türlü başlıyor
error-name-letter = bir ad 3 ile 20 karakter arasıdır: harfler (her alfabeden), 0-9 rakamları, '-' ve '_'; bir harfle başlar; bu adda { $letter } var
error-name-taken = '{ $name }' adı alınmış (adlar harflerin büyük-küçük olmasına bakılmadan biriciktir, birbirine benzeyen harfler bir sayılır): başka bir ad seçin
error-claim-unknown = bu bağlantı bilinmiyor ya da zaten kullanıldı: oynadığınız tarayıcıda yenisini yapın
error-claim-expired = bu bağlantının süresi geçti (10 dakika geçerlidir): oynadığınız tarayıcıda yenisini yapın
error-nobody = bu adda kimse yok
error-reread = oyun yeniden okunuyor
error-reread-again = oyun yeniden okunuyor: yeniden deneyin
error-old-format = bu oyun, kayıtlarını bu sürümün yeniden oynatmadığı eski bir hamle tarafından saklanmış
error-not-seated = bu oyunda yeriniz yok: yalnızca izleyebilirsiniz
error-bot-thinking = bilgisayar düşünüyor
error-time-ran-out = bu işlem gelmeden süre doldu: oyun süreden bitti
error-bot-to-move = sıra bilgisayarda: birazdan yeniden deneyin
error-streams = adresiniz zaten { $n } oyunu izliyor: önce birini kapatın
error-streams-full = sunucu izleyebileceği kadar çok oyunu izliyor: birazdan yeniden deneyin
error-hints-seated = ipuçları bu oyunda oturanlar içindir
error-hint-working = bu oyun için bir ipucu hazırlanıyor: verildikten sonra yeniden isteyin
error-hint-late = ipucu zamanında hazırlanamadı: sunucu meşgul, birazdan yeniden deneyin
error-rated-no-help = dereceli oyunda { $what } yoktur: bunları kullanmak için derecesiz bir oyun başlatın
help-hints = ipucu
help-takebacks = geri alma

## Hapis Tavlası sayfası (web/hapis.html, web/hapis.js). Sözcükler tezin 4.3 bölümünden: pul, hane, kapı,
## hapis, gele, mars, pulları toplamak, toplanma alanı.

frame-invite-title = Arkadaşınızı çağırın
frame-invite-send = Bu bağlantıyı birlikte oynamak istediğiniz kişiye gönderin:
frame-invite-copy = Bağlantıyı kopyala
hp-title = Hapis Tavlası — hamle
hp-new-match = Yeni bir Hapis Tavlası maçı
hp-opponent = Rakip
hp-bot-beginner = Acemi (bol gürültülü ağ)
hp-bot-casual = Gelişigüzel
hp-bot-intermediate = Orta
hp-bot-advanced = İleri (ağ, 1 kat)
hp-bot-expert = Usta (ağ, 2 katlı arama)
hp-bot-heuristic = El yapımı değerlendirme
hp-bot-thesis = Tezin oyuncusu
hp-bot-random = Rastgele
hp-friend = Bir arkadaş (bağlantı gönderin)
hp-you-play = Oynadığınız taraf
hp-match-to = Maç kaç sayıya
hp-points = { $n } sayı
hp-opening-rule = Başlangıç atışından sonra kazanan
hp-opening-rethrow = yeniden zar atar (tez)
hp-opening-play = başlangıçta atılan iki zarı oynar
hp-next-rule = İlkinden sonraki oyunlara başlayan
hp-next-winner = önceki oyunun kazananı, ilk zarı atarak
hp-next-throw = yeniden bir başlangıç atışı
hp-mother-rule = Ana pul kuralı: başlangıç hanesinde hapis olan son pul 2 sayı kaybettirir
hp-start = Maçı başlat
hp-prompt = Rakibinizi seçip başlayın.
hp-table =
    .aria-label = Masa
hp-dice =
    .aria-label = Zarlar
hp-undo = Geri al
hp-hint = İpucu
hp-hint-level = İpucu düzeyi
hp-level-expert = usta
hp-level-advanced = ileri
hp-resign = Pes et
hp-next-game = Sonraki oyun
hp-new = Yeni maç
hp-moves = Hamleler
hp-counting = Her taraf kendi başlangıcından sayar: Siyahın p. hanesi Beyazın 25 − p. hanesidir.
hp-fair = Hilesiz zar
hp-fair-about = Zarlar bu maçın kendi tohumundan gelir. Başından beri gösterilen SHA-256 taahhüdü:
hp-record = Maçın kaydı
hp-revealed = Tohum ve tuz açıklandı: { $reveal } (SHA-256'sı yukarıdaki taahhüttür).
hp-reveal-later = Tohum, maç bitince açıklanır.
hp-throw-start = Başlamak için zar at
hp-throw = Zar at
hp-you = Siz
hp-the-bot = Bilgisayar
hp-your-friend = Arkadaşınız
hp-owner-you = sizin
hp-owner-bot = bilgisayarın
hp-owner-friend = arkadaşınızın
hp-owner-side = { $side ->
        [white] Beyazın
       *[black] Siyahın
    }
hp-point = { $person ->
        [you] { $p }. haneniz
       *[other] { $owner } { $p }. hanesi
    }
hp-point-empty = { $where }: boş
hp-point-checkers = { $where }: { $person ->
        [you] { $n } pulunuz
       *[other] { $owner } { $n } pulu
    }
hp-point-pinning = { $person ->
        [you] , pullarınızdan birini hapsetmiş
       *[other] , { $owner } bir pulunu hapsetmiş
    }
hp-board = { $person ->
        [you] Tahta: pullarınız 1. haneden (sağ üst) toplanma alanınıza, 19–24. hanelere (sağ alt) gider
       *[other] Tahta: Beyazın pulları 1. haneden (sağ üst) Beyazın toplanma alanına, 19–24. hanelere (sağ alt) gider
    }
hp-move-here = { " " }— buraya oyna
hp-can-move = { " " }— oynayabilir
hp-borne-off = Toplanan pullar ({ $owner }): { $n }
hp-bear-off-here = { " " }— buradan topla
hp-review-before = { $played } hamlesinden önceki durum, oynayanın tarafından
hp-review-before-best = { $played } hamlesinden önceki durum; en iyisi { $best } idi, oynayanın tarafından
hp-review-point = { $p }. hane: { $n } { $side ->
        [white] beyaz
       *[black] siyah
    }
hp-review-point-pinning = { $p }. hane: { $n } { $side ->
        [white] beyaz
       *[black] siyah
    }, bir { $prisoner ->
        [white] beyaz
       *[black] siyah
    } pulu hapsetmiş
hp-review-point-empty = { $p }. hane: boş
hp-opening-line = Başlangıç atışı: Beyaz { $white }, Siyah { $black }.
hp-die-used = { $d }, oynandı
hp-score-bot = Bilgisayar { $bot }
hp-score-nobody = Henüz kimse
hp-score-friend-waiting = Arkadaşınız (henüz gelmedi)
hp-score-person = Bir kişi
hp-match-length = { $n } sayılık maç
hp-one-game = Tek oyun
hp-score = { $length } — { $near } · { $far } — { $game }. oyun
hp-match-won = { $person ->
        [you] Maçı { $won }–{ $lost } kazandınız.
       *[other] { $who } maçı { $won }–{ $lost } kazandı.
    }
hp-match-level = Maç berabere bitti, { $a }–{ $b }.
hp-start-next = Hazır olunca sonraki oyunu başlatın.
hp-throw-for-start = Başlamak için zar atın: büyük zar başlar.
hp-your-throw = Sıra sizde: zar atın.
hp-to-throw = Zar atma sırası: { $who }.
hp-to-play = Oynama sırası: { $who }.
hp-played-so-far = { $steps } oynandı; kalan zarlarla sürdürün ya da geri alın.
hp-you-threw = { $dice } attınız: bir pul, sonra işaretli bir hane seçin.
hp-bot-thinking = Bilgisayar düşünüyor…
hp-waiting-friend = Arkadaşınızın katılması bekleniyor.
hp-friend-playing = Arkadaşınız zarını oynuyor.
hp-waiting-next = Sonraki oyunun başlaması bekleniyor.
hp-waiting-start = Başlangıç atışı bekleniyor.
hp-off-board = tahtanın dışına
hp-or = ya da
hp-checker-can-go = { $point }. hanenizdeki pul şuraya gidebilir: { $targets }.
hp-choose-checker = Bir pul seçin.
hp-cannot-move-from = Bu zarlarla oradan pullarınızdan hiçbiri oynayamaz.
hp-no-move = hamle yok
hp-hint-line = değer { $equity }, kazanma { $win }, mars ile kazanma { $mars }, mars ile kaybetme { $lost }
hp-best-plays = { $level } oyuncunun en iyi hamleleri
hp-resign-confirm = Bu oyundan pes edilsin mi? Puanları { $against ->
        [bot] bilgisayar
       *[person] rakibiniz
    } alır (hiç pul toplamadıysanız 2).

## Biten bir oyunun incelemesi (web/review.js), her oyunun sayfasında

review-title = İnceleme
review-graph = Oyun boyunca değerlendirme, { $player } için
review-seat = { $n }. yer
review-decisions = { $n } karar
review-lost = { $loss } { $units } kayıp
review-accuracy = isabet { $accuracy }
review-error-rate = hata oranı { $rate }
review-luck = şans { $luck }
review-player = oyuncu
review-played = oynanan
review-best = en iyisi
review-loss = kayıp ({ $units })
review-mark = not
review-pass = (pas)
review-beyond = ulaşılamadı
review-words-beyond = { $who } { $played } oynadı (yargıcın ulaşamadığı bir yer).
review-words-best = { $who } { $played } oynadı, en iyi hamle.
review-words-worse = { $who } { $played } oynadı; en iyisi { $best } idi, { $loss } { $units } daha iyi.
review-words-marked = { $who } { $played } oynadı; en iyisi { $best } idi, { $loss } { $units } daha iyi ({ $mark }).
review-analysing = Oyun çözümleniyor…
review-again = { $why } (birazdan yeniden soruluyor)
review-none-for-game = Bu oyunun incelemesi yok: { $why }
review-none = İnceleme yok: { $why }
review-progress = Oyun çözümleniyor: { $total } kararın { $done } tanesi değerlendirildi…
review-against = Her karar { $judge } ile karşılaştırıldı ({ $how }).
review-mark-doubtful = şüpheli
review-mark-error = hata
review-mark-blunder = büyük hata
review-mark-inaccuracy = isabetsizlik
review-mark-mistake = yanlış
review-mark-differs = farklı
# Her çözümleyicinin yargıcı, birimi ve çabasının neyi saydığı, oyuna göre.
review-judge-hapis = usta bilgisayarın 2 katlı değerlendirmesi
review-units-hapis = puan
review-means-hapis = 2 katta aranan { $n } oyun
review-judge-chess = motorun belirli sayıda düğümlük araması
review-units-chess = santipiyon
review-means-chess = konum başına { $n } düğüm
review-judge-2048 = expectimax bilgisayarının hamlelere verdiği değerler (satır sezgiseli, düğüm bütçesi içinde derinleştirilmiş)
review-units-2048 = sezgisel puan (aramanın ufkundaki tahtanın beklenen satır sezgiseli değeri)
review-means-2048 = hamle başına aranan { $n } şans düğümü (expectimax'in düğüm bütçesi)
review-judge-domineering = tam çözücü (Bullock'un sınırları, `hamle solve domineering` gibi)
review-units-domineering = sonuç
review-means-domineering = yerleştirme başına tam çözücünün aradığı { $n } düğüm (4.096'lık adımlarla sayılır)
review-judge-dots = tam arama
review-units-dots = sonuç
review-means-dots = tam aramanın aldığı { $n } çizilmemiş çizgi (tablosu 2^çizgi konum tutar)
review-judge-tictactoe = geriye doğru çözüm
review-units-tictactoe = sonuç
review-means-tictactoe = gerekmez: oyun tam olarak çözülmüştür
review-judge-sim = tam çözücü
review-units-sim = sonuç
review-means-sim = gerekmez: oyun tam olarak çözülmüştür
review-judge-grundy = Sprague–Grundy değerleri
review-units-grundy = sonuç
review-means-grundy = gerekmez: oyun tam olarak çözülmüştür

## Satranç sayfası (web/chess.html, web/chess.js). SAN her dilde İngilizce harflerini korur (uluslararası
## gösterim); sayfa taşları sözle adlandırdığı yerde Türkçe adlarını verir: şah, vezir, kale, fil, at, piyon.
## Tez 001'in sözcükleri: yanlış hamle, geçerli hamle, şah çekmek, tehdit altında, pozisyon tekrarı,
## terfi (piyonun dönüşümü), statik ve dinamik değerlendirme.

chess-title = Satranç — hamle
chess-name = Satranç
chess-new-game = Yeni bir satranç oyunu
chess-white-first = Beyaz, ilk hamle sizde
chess-random-colour = Rastgele bir renk
chess-start-rules = Başlangıç konumu ve kurallar
chess-start = Başlat
chess-table =
    .aria-label = Oyun
chess-board =
    .aria-label = Satranç tahtası
    .aria-roledescription = satranç tahtası
chess-promote-to = Piyon hangi taşa terfi etsin
chess-promote-cancel = Vazgeç (Esc)
chess-board-help = Bir taşı sürükleyin ya da taşa, sonra gideceği kareye tıklayın. Klavyeyle: oklar tahtada gezinir, Enter taşı kaldırır ve bırakır, Escape taşı bırakır.
chess-flip = Tahtayı çevir
    .title = Tahtayı döndür (f)
chess-analyse = Çözümle
    .title = Motorun bu konum için değerlendirmesi ve en iyi devamı
chess-takeback = Hamleyi geri al
chess-again = Yeniden oyna
chess-new = Yeni oyun
chess-analysis = Çözümleme
chess-type-move = Bir hamle yazın
chess-play = Oyna
chess-download-pgn = PGN indir
chess-record = Oyunun kaydı
chess-prompt = Rakibinizi ve renginizi seçin.
# Taşlar, cümle içinde, harflerine göre.
chess-piece-p = piyon
chess-piece-n = at
chess-piece-b = fil
chess-piece-r = kale
chess-piece-q = vezir
chess-piece-k = şah
chess-about = { $side } ile oynuyorsunuz, rakibiniz { $who }.
chess-about-watching = Beyaz: { $white } · Siyah: { $black }.
chess-board-label = Satranç tahtası, { $side } taşlar aşağıda
chess-square-piece = { $square }, { $side } { $piece }
chess-square-empty = { $square }, boş
chess-cursor-piece = { $square }: { $side } { $piece }
chess-cursor-empty = { $square }: boş
chess-player-bot = Bilgisayar: { $bot }
chess-thinking-suffix = { " " }— düşünüyor…
chess-material = { $side } materyalde { $points } puan önde
chess-offer = Beraberlik öner
chess-offered = Beraberlik önerildi
chess-accept = Beraberliği kabul et
chess-claim = Beraberlik iste
chess-claim-why = Beraberlik iste ({ $why })
chess-claim-threefold = üç kez pozisyon tekrarı
chess-claim-fifty = elli hamle kuralı
chess-sound-on = Ses açık
chess-sound-off = Ses kapalı
chess-draw-stalemate = Pat: berabere
chess-draw-insufficient = Berabere: yetersiz materyal, iki taraf da mat edemez
chess-draw-threefold = Üç kez pozisyon tekrarıyla berabere
chess-draw-fifty = Elli hamle kuralıyla berabere
chess-draw-fivefold = Berabere: aynı pozisyon beş kez oluştu
chess-draw-seventy-five = Yetmiş beş hamle kuralıyla berabere
chess-a-draw = Berabere
chess-how-over = Oyun bitti
chess-how-resigned = { $person ->
        [you] Pes ettiniz
       *[other] { $who } pes etti
    }
chess-how-checkmate = Mat
chess-wins = { $side } kazandı
chess-you-win = siz kazandınız
chess-bot-wins = bilgisayar kazandı
chess-friend-wins = arkadaşınız kazandı
chess-verdict = { $how }: { $who }
chess-verdict-result = { $text } ({ $result }).
chess-verdict-plain = { $text }.
chess-to-move = Hamle sırası { $side } tarafında: { $who }.
chess-to-move-check = Hamle sırası { $side } tarafında (şah çekilmiş durumda): { $who }.
chess-choose-promotion = Piyonun neye dönüşeceğini seçin.
chess-your-move = Sıra sizde.
chess-your-move-check = Sıra sizde: şah çekildi!
chess-may-claim = Beraberlik isteyebilirsiniz ({ $why }).
chess-friend-not-joined = Arkadaşınız henüz katılmadı: ona bağlantıyı gönderin.
chess-piece-moves = { $square } karesindeki { $piece } için { $n ->
        [0] hamle yok
       *[other] { $n } hamle var
    }.
chess-waiting-friend = Arkadaşınızın katılması bekleniyor: { $side } ile oynayacak.
chess-friend-move = Sıra arkadaşınızda: { $side } bekleniyor.
chess-over = Oyun bitti.
chess-watching = Bu oyunu izliyorsunuz.
chess-not-your-turn = Sıra sizde değil.
chess-illegal-own = Yanlış hamle: { $square } karesinde kendi taşınız var.
chess-illegal-castle-check = Yanlış hamle: şah çekilmişken rok yapılamaz.
chess-illegal-castle = Yanlış hamle: burada rok yapılamaz (şah ya da o kale oynamış, aradaki bir kare dolu, ya da şah tehdit altındaki bir kareden geçecek ya da oraya varacak).
chess-illegal-reach = Yanlış hamle: { $piece } { $from } karesinden { $to } karesine gidemez.
chess-illegal-in-check = Yanlış hamle: şahınıza şah çekilmiş ve bu hamle onu tehditten kurtarmıyor.
chess-illegal-king = Yanlış hamle: şahınız { $square } karesinde tehdit altında kalır.
chess-illegal-pinned = Yanlış hamle: şahınızı tehdit altında bırakır ({ $square } karesindeki { $piece } açmazda).
chess-check-yours = Şah! Şahınız tehdit altında.
chess-check = Şah!
chess-refused = Sunucu bunu kabul etmedi.
chess-typed-illegal = '{ $text }' burada geçerli bir hamle değil: e4, Nf3, O-O ya da e7e8q gibi yazın.
chess-hint-stale = İpucu ({ $move }) artık bu konumun bir hamlesi değil.
chess-hint-won = Zorunlu bir kazanç buluyor.
chess-hint-lost = En iyi oyuna karşı her hamle kaybediyor.
chess-hint = İpucu: { $move } ({ $bot }).
chess-hint-depth = İpucu: { $move } ({ $bot }, { $depth } kat arayarak).
chess-eval-mates = { $side } { $n } hamlede mat ediyor.
chess-eval-forced-mate = { $side } için zorunlu mat var.
chess-eval-level = Aşağı yukarı eşit.
chess-eval-ahead = { $side } { $how ->
        [slightly] biraz daha iyi
        [better] daha iyi
       *[winning] kazanıyor
    }.
chess-claims-draw = beraberlik ister
chess-engine-thinking = Motor düşünüyor (bir saniye kadar)…
chess-eval-title = Beyazın açısından, piyon cinsinden
chess-analysis-about = { $bot }, derinlik { $depth } · { $nodes } konum · en iyi hamle okla gösterildi
chess-no-bots = Bu sunucu henüz bilgisayara karşı satranç sunmuyor: yalnızca bir arkadaş çağrılabilir.
chess-fen-about = Bu konumdan başla (FEN; boş: olağan başlangıç)
chess-friend-about = Arkadaşınız öteki yer için bir bağlantı alır.
chess-resign-confirm = Bu oyundan pes etmek istiyor musunuz?
chess-review-before = { $played } hamlesinden önceki konum
chess-review-before-best = { $played } hamlesinden önceki konum; en iyisi { $best } idi
# Bilgisayar oyuncuları, ne oldukları, ayarları ve seçenekleri (sunucunun kendi sözleri, yeniden söylenmiş).
chess-bot-engine = motor
chess-bot-engine-about = motor: modern budamalarla alfa-beta ve bir sinir ağı değerlendirmesi; insanlar için düzeyler
chess-bot-thesis = tez
chess-bot-thesis-about = tezin oyuncusu: statik (taşların değeri) ve dinamik (taş-kare tabloları) değerlendirmeyle sabit derinlikte minimaks
chess-bot-random = rastgele
chess-bot-random-about = geçerli hamlelerden eşit olasılıkla rastgele biri (beraberlik istemek dahil)
chess-param-engine-level = Güç
chess-param-engine-eval = ağ: sinir ağı (saatli oyunda daha güçlü); el: ayarlanmış, el yapımı değerlendirme
chess-param-thesis-depth = aranan kat (tez 3, 5 ve 10'u denedi)
chess-param-thesis-eval = statik: tablolar olmadan, yalnızca taşların değeri
chess-param-thesis-search = alfabeta: daha az düğüm, tezin düz minimaksıyla aynı hamle
chess-choice-engine-level-1 = 1 — ilk adımlar
chess-choice-engine-level-2 = 2 — acemi
chess-choice-engine-level-3 = 3 — yeni başlayan
chess-choice-engine-level-4 = 4 — hobi oyuncusu
chess-choice-engine-level-5 = 5 — kulüp oyuncusu
chess-choice-engine-level-6 = 6 — uzman (yaklaşık 1950)
chess-choice-engine-level-7 = 7 — usta
chess-choice-engine-level-8 = 8 — tam güç (yaklaşık 2200; hamle başına 1 sn)
chess-choice-engine-eval-hand = el
chess-choice-engine-eval-net = ağ
chess-choice-thesis-eval-dynamic = dinamik
chess-choice-thesis-eval-static = statik
chess-choice-thesis-search-minimax = minimaks
chess-choice-thesis-search-alphabeta = alfabeta

## The home page (web/index.html, web/home.js)

home-title = hamle — oyna
home-tagline = oyunlar ve onları oynayan makineler
home-nav-lab = laboratuvar
home-nav-leaderboards = sıralamalar
home-nav-you = siz
home-games = Oyunlar
home-yours = Bitmemiş oyunlarınız
home-loading = Yükleniyor…
home-hapis-title = Hapis Tavlası
home-hapis-text = Hapisli tavla: açık bir pula konarsanız, siz oradan ayrılana dek o pul sizinkinin altında hapis kalır. Tezdeki oyuncudan kendi kendine öğrenmiş bir ağa dek bilgisayara ya da bir arkadaşınıza karşı bir maç oynayın.
home-hapis-start = Yeni maç
home-tictactoe-title = XOX
home-tictactoe-text = Üç taşı bir sıraya dizin: hiç kaybetmeyen bir oyuncuya ya da bir arkadaşınıza karşı; ya da iki aşamalı türü: her taraf üçer taş koyar, sonra taşlarını kaydırır.
home-2048-title = 2048
home-2048-text = Karoları kaydırın, eşit olanları birleştirin ve ne kadar ilerleyebildiğinize bakın; ya da bir expectimax oyuncusunun veya kaynak rapordaki oyuncunun aynı tahtayla nasıl başa çıktığını izleyin.
home-grundy-title = Grundy oyunu
home-grundy-text = Bir taş yığınını sırayla eşit olmayan iki yığına bölün; hiçbir yığını bölemeyen kaybeder. Her yığının Sprague–Grundy değerini bilen bir oyuncuya ya da bir arkadaşınıza karşı.
home-sim-title = Sim
home-sim-text = Altı nokta arasındaki çizgileri sırayla boyayın, kırmızıya karşı mavi; kendi renginde bir üçgeni tamamlayan kaybeder. Tezdeki çizgi değerleri tablosuna, oyunu çözmüş bir oyuncuya ya da bir arkadaşınıza karşı.
home-dots-title = Noktalar ve Kutular
home-dots-text = Sırayla noktalar arasına çizgi çekin; bir kutuyu tamamlayan onu alır ve bir çizgi daha çeker. Zincirleri ve denetimi bilen, oyunun sonunu eksiksiz arayan bir oyuncuya ya da bir arkadaşınıza karşı.
home-knights-tour-title = At turu
home-knights-tour-text = Bir atı, Warnsdorff kuralının yol göstermesiyle tahtanın her karesinden bir kez geçirin ya da turunu izleyin: tezdeki kural, her tahtada işe yarayan bir ileriye bakış ya da parça parça kurulan kapalı bir tur.
home-knights-tour-start = Yeni tur
home-queens-title = N vezir
home-queens-text = N×N bir tahtaya N veziri, hiçbiri ötekini almayacak biçimde yerleştirin; tezdeki geri izleme, tamamlanabilecek her yerleşimi tamamlar, sizinki tamamlanamıyorsa bunu söyler.
home-queens-start = Yeni tahta
home-chess-title = Satranç
home-chess-text = Bütün kurallar, sürükle-bırak oyun ve biten her oyunun incelemesi. Sekiz seviyeli güçlü bir motora, tezdeki minimax oyuncusuna ya da bir arkadaşınıza karşı.
home-domineering-title = Zorbacı (Domineering)
home-domineering-text = Dominoları yerleştirin, sizinkiler dik, öteki tarafınkiler yatık (ya da tersi): yer bulamayan kaybeder. Makaledeki oyuncuya, tam bir çözücüye ya da bir arkadaşınıza karşı.
home-for-one = Tek kişilik: siz, yardım eden ya da izlediğiniz bir bilgisayarla.
home-for-two = İki kişilik: siz, bilgisayara ya da bir arkadaşınıza karşı.
home-new-game = Yeni oyun
home-none-listed = Hiçbir oyun listelenemedi.
home-none-yet = Henüz yok: yukarıdan bir tane başlatın.
# An unfinished game: its title, its parameters as written ("(variant two-phase)"), who sits across, a match's length.
home-game-line = { $title }{ $params }{ $against ->
        [bot] , rakip: { $bot }
        [friend] , bir arkadaşla
        [helper] , yardımcı: { $helper }
       *[none] {""}
    }{ $length ->
        [0] {""}
       *[other] , { $length } puanlık maç
    }
home-last-move = son hamle { $when }

## A listed game and a person's ratings (web/games.js, on /me and /profile)

# A game's short name, as the lists show it.
games-kind-hapis = Hapis Tavlası
games-kind-tictactoe = XOX
games-kind-2048 = 2048
games-kind-grundy = Grundy
games-kind-sim = Sim
games-kind-dots = Noktalar ve Kutular
games-kind-knights-tour = At turu
games-kind-queens = N vezir
games-kind-chess = Satranç
games-kind-domineering = Zorbacı
games-line = { $title }{ $against ->
        [helper] , yardımcı: { $helper }
        [bot] , rakip: { $who }
        [open] {" "}— arkadaşınız henüz katılmadı
        [person] , rakip: { $who }
        [friend] , rakip: bir arkadaş
       *[none] {""}
    }
# The listing player's outcome and the points, theirs first ("won 1–0").
games-result = { $outcome ->
        [won] galibiyet
        [lost] yenilgi
        [drawn] beraberlik
       *[over] bitti
    } { $score }
games-over = bitti
games-last-move = son hamle { $when }
games-review = incele
games-play = oyna
games-no-rated = Henüz dereceli oyun yok: bir oyun başlatırken “Dereceli” kutusunu işaretleyin.
games-col-game = Oyun
games-col-rating = Derece
games-col-deviation = Sapma
games-col-rated-games = Dereceli oyunlar
games-rated-line = { $pool }: { $before } → { $after } ({ $change }), { $date }
games-last-rated = Son dereceli oyunlar

## The player's own page (web/me.html, web/me.js)

me-title = Siz — hamle
me-claim-title = Burada kendiniz olarak oynayın
me-claim-note = Bu bağlantı, bu tarayıcıya onu yapan tarayıcının kimliğini verir. Bu tarayıcı şu an başka biri olarak oynuyor: oyunları o kimlikte kalır, bu tarayıcı da o kimlikten ayrılır.
me-claim-here = Kimliğimi burada kullan
me-revoked-title = Bu tarayıcının kimliği iptal edildi
me-revoked-note = Hâlâ oynadığınız bir tarayıcıda yapılmış bir aktarma bağlantısını açın ya da yeni bir oyuncu olarak baştan başlayın (iptal edilen kimliğin oyunları onda kalır).
me-afresh = Baştan başla
me-you = Siz
me-name-label = Adınız (3 ile 20 arası harf, rakam, - ve _; bir harfle başlamalı)
me-save = Kaydet
me-list-games = Biten oyunlarımı herkese açık sayfamda listele
me-profile-link = herkese açık sayfanız
me-ratings = Dereceler
me-leaderboards = Sıralamalar
me-playing = Süren oyunlar
me-finished = Biten oyunlar
me-other-browser = Başka bir tarayıcı
me-transfer-note = Başka bir tarayıcıda kendiniz olarak oynamak için burada bir aktarma bağlantısı oluşturun ve onu orada açın: bir kez, on dakika boyunca geçerlidir.
me-transfer = Bağlantı oluştur
me-transfer-link =
    .aria-label = Öteki tarayıcınız için bağlantı
me-revoke-others = Öteki bütün tarayıcıların oturumunu kapat
me-revoke-current = Bu tarayıcının oturumunu kapat
me-summary-named = Adınız { $name }: { $playing } oyun sürüyor, { $over } oyun bitti; { $tokens ->
        [1] yalnızca bu tarayıcıdan
       *[other] { $tokens } tarayıcıdan
    } oynuyorsunuz.
me-summary-unnamed = Henüz bir adınız yok: { $playing } oyun sürüyor, { $over } oyun bitti; { $tokens ->
        [1] yalnızca bu tarayıcıdan
       *[other] { $tokens } tarayıcıdan
    } oynuyorsunuz.
me-none-yet = Henüz yok.
me-revoked-nothing-done = Bu tarayıcının kimliği iptal edildi: başka biri adına hiçbir şey yapılmadı.
me-claimed = Bu tarayıcı artık sizin adınıza oynuyor.
me-named = Adınız artık { $name }.
me-listed = Biten oyunlarınız herkese açık sayfanızda listeleniyor.
me-unlisted = Herkese açık sayfanız hiçbir oyun listelemiyor.
me-transfer-until = Bu bağlantıyı öteki tarayıcınızda saat { $until } olmadan açın. Yalnızca bir kez geçerlidir; onu kim açarsa sizin adınıza oynar.
me-confirm-revoke-others = Sizin adınıza oynayan öteki bütün tarayıcıların oturumu kapatılsın mı? Onların henüz kullanılmamış bağlantıları da geçersiz olur.
me-revoked-others = { $n } başka tarayıcının oturumu kapatıldı.
me-confirm-revoke-alone = Sizin adınıza oynayan tek tarayıcı bu: oturumu kapatılırsa, önceden bir bağlantı oluşturmadıysanız oyunlarınızı kimse bir daha oynayamaz. Oturum kapatılsın mı?
me-confirm-revoke-current = Bu tarayıcının oturumu kapatılsın mı? Öteki tarayıcılarınızda oynamayı sürdürürsünüz.
me-afresh-done = Yeni bir oyuncu olarak baştan başlıyorsunuz.

## A player's public page (web/profile.html, web/profile.js)

profile-title = Bir oyuncu — hamle
profile-tagline = bir oyuncu
profile-ratings = Dereceler
profile-finished = Biten oyunlar
profile-nobody = Kimin sayfası? Adres kimseyi belirtmiyor.
profile-since = Oynamaya başladığı tarih: { $date }.
profile-no-finished = Henüz biten oyun yok.
profile-unlisted = { $name } hiçbir oyununu listelemiyor.

## The leaderboards (web/leaderboard.html, web/leaderboard.js)

board-title = Sıralamalar — hamle
board-game = Oyun
board-people = Kişiler
board-people-note = Ad seçmiş kişiler, dereceleri kesinleşince (sapması 110 ya da daha az). Dereceler, lichess'teki gibi her oyundan sonra Glicko-2 ile hesaplanır.
board-bots = Bilgisayarlar
board-col-rank = Sıra
board-col-name = Ad
board-col-rating = Derece
board-col-deviation = Sapma
board-col-rated-games = Dereceli oyunlar
board-col-bot = Bilgisayar
board-col-measured = Ölçüm oyunları
board-nobody = Henüz kimse yok.
board-no-bot = Burada dereceli bilgisayar yok.
board-scale = Sabit dereceler; ölçüm: { $source }; ölçek: { $scale }.
board-no-bot-pool = Bu havuzda dereceli bilgisayar yok: dereceleri yalnızca kişiler arasındaki oyunlar değiştirir.
board-unreadable = Oyunlar okunamadı: birazdan yeniden deneyin.
# The scale of the bots' fixed ratings, as the server's table names it.
board-anchor = satranç dışındaki her oyunda random = 1000 (satrançta Stockfish UCI_Elo)

## XOX sayfası (web/tictactoe.html, web/tictactoe.js). Oyunun adı, blog yazısındaki (004) gibi: XOX.

ttt-title = XOX — hamle
ttt-name = XOX
ttt-new-game = Yeni bir XOX oyunu
ttt-variant = Tür
ttt-classic = Klasik
ttt-two-phase = İki aşamalı: herkes üçer taş koyar, sonra bir taşını komşu boş bir kareye kaydırır
ttt-opponent = Rakip
ttt-bot-perfect = Kusursuz (hiç kaybetmez)
ttt-bot-thesis = Tezin oyuncusu (minimax, derinlik 2)
ttt-bot-random = Rastgele
ttt-friend = Bir arkadaş (bağlantı gönderin)
ttt-you-play = Oynadığınız taraf
ttt-x-first = X, birinci
ttt-o-second = O, ikinci
ttt-start = Başlat
ttt-prompt = Oyunun türünü ve rakibinizi seçin.
ttt-table =
    .aria-label = Tahta
ttt-grid =
    .aria-label = XOX tahtası
ttt-resign = Pes et
ttt-resign-confirm = Bu oyundan pes edilsin mi?
ttt-new = Yeni oyun
ttt-moves = Hamleler
ttt-record = Oyunun kaydı
ttt-cell-empty = { $cell }: boş
ttt-about = { $variant ->
        [two-phase] İki aşamalı XOX
       *[classic] XOX
    }: { $matchup }.
ttt-you-resigned = Pes ettiniz.
ttt-resigned = { $who } pes etti.
ttt-resigned-you-win = { $who } pes etti: kazandınız!
ttt-draw = Berabere.
ttt-you-win = Kazandınız!
ttt-side-wins = { $side } kazandı.
ttt-bot-wins = Bilgisayar kazandı.
ttt-friend-wins = Arkadaşınız kazandı.
ttt-thinking = { $who } düşünüyor…
ttt-to-move = Sıra: { $side } ({ $who }).
ttt-waiting-friend = Arkadaşınızın katılması bekleniyor: { $side } ile oynayacak.
ttt-friend-turn = Sıra arkadaşınızda: { $side } hamlesi bekleniyor.
ttt-slide = { $cell } karesindeki taşı işaretli boş bir kareye kaydırın ya da başka bir taş seçin.
ttt-choose-stone = Sıra sizde: kaydırmak için taşlarınızdan birini seçin.
ttt-choose-cell = Sıra sizde: boş bir kare seçin.

## Zorbacı (Domineering) sayfası (web/domineering.html, web/domineering.js). Ad ve sözcükler makaleden (002):
## Zorbacı, dikey taş, yatay taş.

dom-title = Zorbacı (Domineering) — hamle
dom-name = Zorbacı (Domineering)
dom-new-game = Yeni bir Zorbacı oyunu
dom-rows = Satır sayısı
dom-cols = Sütun sayısı
dom-who-first = İlk taşı koyan
dom-first-vertical = Dikey (dik duran taşlar)
dom-first-horizontal = Yatay (yatık duran taşlar)
dom-opponent = Rakip
dom-bot-solver = Çözücü (tahta yeterince küçülünce kusursuz)
dom-bot-seed-4 = Makaledeki oyuncu, 4 yarım hamle derinliğinde
dom-bot-seed-2 = Makaledeki oyuncu, 2 yarım hamle derinliğinde
dom-bot-random = Rastgele
dom-friend = Bir arkadaş (bağlantı gönderin)
dom-you-place = Taş koyma sıranız
dom-first = birinci
dom-second = ikinci
dom-start = Başlat
dom-prompt = Tahtayı, kimin başlayacağını ve rakibinizi seçin.
dom-table =
    .aria-label = Tahta
dom-board =
    .aria-label = Zorbacı tahtası
dom-resign = Pes et
dom-resign-confirm = Bu oyundan pes edilsin mi?
dom-new = Yeni oyun
dom-how = İmleci bir karenin üzerine getirdiğinizde taşınızın nereye konacağı görünür; koymak için tıklayın. Taş koyamayan taraf kaybeder.
dom-moves = Hamleler
dom-record = Oyunun kaydı
dom-cell = { $cell }: { $mark ->
        [vertical] dikey taş
        [horizontal] yatay taş
       *[empty] boş
    }
dom-about = { $size } tahtada Zorbacı, { $first } başlar: { $matchup }.
dom-you-resigned = Pes ettiniz.
dom-resigned = { $who } pes etti.
dom-resigned-you-win = { $who } pes etti: kazandınız!
dom-side-wins = { $winner } kazandı: { $loser } taş için yer kalmadı.
dom-you-win = Kazandınız: { $who } artık taş koyamıyor.
dom-you-lose = { $who } kazandı: taşınızı koyacak yer kalmadı.
dom-your-turn = Sıra sizde: { $side } bir taş koyun.
dom-thinking = { $who } düşünüyor…
dom-to-move = Taş koyma sırası: { $side } ({ $who }).
dom-waiting-friend = Arkadaşınızın katılması bekleniyor: { $side } taşları o koyacak.
dom-friend-turn = Sıra arkadaşınızda: { $side } bir taş bekleniyor.

## 2048 sayfası (web/2048.html, web/2048.js). Sözcükler rapordan (003): taş, sağ, sol, yukarı, aşağı.

g2048-title = 2048 — hamle
g2048-new-game = Yeni bir 2048 oyunu
g2048-spawn = Yeni taşlar
g2048-spawn-original = Özgün oyundaki gibi: on seferde bir 4
g2048-spawn-report = Kaynak rapordaki gibi: beş seferde bir 4
g2048-helper = Oynatabileceğiniz bilgisayar
g2048-bot-expectimax = Expectimax (güçlü, hamle başına 3 sn'ye dek düşünür)
g2048-bot-expectimax-2 = Expectimax, derinlik 2 (hızlı)
g2048-bot-expectimax-ntuple = Öğrenilmiş ağ üzerinde expectimax (3 hamle derinlik, milisaniyeler)
g2048-bot-ntuple = Yalnızca öğrenilmiş n-tuple ağı (bir hamle derinlik, anında)
g2048-bot-seed = Rapordaki oyuncu (derinlik sınırlı arama, köşe maskesi)
g2048-start = Başlat
g2048-prompt = Yeni taşların nasıl geleceğini ve hangi bilgisayardan yardım alabileceğinizi seçin.
g2048-table =
    .aria-label = Tahta
g2048-board =
    .aria-label = 2048 tahtası
g2048-arrows =
    .aria-label = Hamleler
g2048-left =
    .aria-label = Sol
g2048-up =
    .aria-label = Yukarı
g2048-down =
    .aria-label = Aşağı
g2048-right =
    .aria-label = Sağ
g2048-bot-move = Bilgisayar: bir hamle
g2048-watch = Bilgisayarı izle
g2048-stop-watching = İzlemeyi bırak
g2048-hint = İpucu
g2048-resign = Oyunu bitir
g2048-resign-confirm = Oyun burada bitirilsin mi?
g2048-new = Yeni oyun
g2048-how = Ok tuşları ya da WASD ile oynayın; telefonda tahtayı parmağınızla kaydırın. Her yeni taş oyunun tohumundan gelir: tohum, özetiyle baştan taahhüt edilir ve oyun bitince açıklanır.
g2048-record = Oyunun kaydı
g2048-empty = boş
# Taşların değeri gruplanmadan yazılır (2048, 16384); puan ve hamle sayısı Türkçe gruplanır.
g2048-about = Puan { $score } · en büyük taş { NUMBER($top, useGrouping: 0) } · { $moves } hamle · bilgisayar: { $bot }
g2048-ended = Oyun { $score } puanda bitirildi.
g2048-no-move-left = Hamle kalmadı: { $score } puan, en büyük taş { NUMBER($top, useGrouping: 0) }.
g2048-moves-so-far = Şimdiye dek { $moves } hamle oynandı.
g2048-your-move = Sıra sizde.
g2048-moves-nothing = { $direction ->
        [left] Sola
        [up] Yukarı
        [down] Aşağı
       *[right] Sağa
    } kaydırmak hiçbir taşı oynatmıyor: başka bir yön deneyin.
g2048-bot-playing = Bilgisayar oynuyor…
g2048-suggests = { $bot } önerisi: { $direction ->
        [left] sol
        [up] yukarı
        [down] aşağı
       *[right] sağ
    }.
g2048-hint-value = { $direction ->
        [left] sol
        [up] yukarı
        [down] aşağı
       *[right] sağ
    }: { $value }

## Grundy oyunu sayfası (web/grundy.html, web/grundy.js). Ad ve sözcükler tezden (000, 3.1.1): Grundy oyunu, yığın.

grundy-title = Grundy oyunu — hamle
grundy-name = Grundy oyunu
grundy-new-game = Yeni bir Grundy oyunu
grundy-heaps = Yığınlar
grundy-heaps-7 = Tek yığın: 7 (tezdeki)
grundy-heaps-12 = Tek yığın: 12
grundy-heaps-20 = Tek yığın: 20
grundy-heaps-7-5-3 = 7, 5 ve 3
grundy-heaps-15-10 = 15 ve 10
grundy-heaps-30-20-10 = 30, 20 ve 10
grundy-opponent = Rakip
grundy-bot-perfect = Kusursuz (Sprague–Grundy değerleri)
grundy-bot-random = Rastgele
grundy-friend = Bir arkadaş (bağlantı gönderin)
grundy-you-move = Hamle sıranız
grundy-first = birinci
grundy-second = ikinci
grundy-start = Başlat
grundy-prompt = Yığınları ve rakibinizi seçin.
grundy-table =
    .aria-label = Yığınlar
grundy-resign = Pes et
grundy-resign-confirm = Bu oyundan pes edilsin mi?
grundy-new = Yeni oyun
grundy-how = Bir yığını bölmek için iki taşının arasına tıklayın; iki parçanın büyüklüğü farklı olmalı. 1 ve 2 taşlık yığınlar artık bölünemez. Hiçbir yığını bölemeyen kaybeder.
grundy-moves = Hamleler
grundy-record = Oyunun kaydı
grundy-heap = { $n }. yığın: { $size }
grundy-split-title = { $a } ve { $b } olarak böl
grundy-split = { $size } taşlık yığını { $a } ve { $b } olarak böl
grundy-about = Grundy oyunu: { $matchup }.
grundy-you-resigned = Pes ettiniz.
grundy-resigned = { $who } pes etti.
grundy-resigned-you-win = { $who } pes etti: kazandınız!
grundy-side-wins = { $winner } kazandı: { $loser } artık hiçbir yığını bölemiyor.
grundy-you-win = Kazandınız: { $who } artık hiçbir yığını bölemiyor.
grundy-you-lose = { $who } kazandı: bölebileceğiniz yığın kalmadı.
grundy-your-turn = Sıra sizde: bir yığını eşit olmayan iki yığına bölün.
grundy-thinking = { $who } düşünüyor…
grundy-waiting-friend = Arkadaşınızın katılması bekleniyor.
grundy-to-move = Sıra: { $who }.

## Sim sayfası (web/sim.html, web/sim.js). Ad tezden (000, 3.1.2): Sim oyunu.

sim-title = Sim — hamle
sim-name = Sim
sim-new-game = Yeni bir Sim oyunu
sim-opponent = Rakip
sim-bot-perfect = Kusursuz (oyunu çözmüştür)
sim-bot-thesis = Tezin oyuncusu (çizgi değerleri tablosu)
sim-bot-random = Rastgele
sim-friend = Bir arkadaş (bağlantı gönderin)
sim-you-play = Oynadığınız taraf
sim-red-first = kırmızı, birinci
sim-blue-second = mavi, ikinci
sim-start = Başlat
sim-prompt = Rakibinizi ve renginizi seçin.
sim-table =
    .aria-label = Tahta
sim-board =
    .aria-label = Sim: altı nokta ve aralarındaki on beş çizgi
sim-resign = Pes et
sim-resign-confirm = Bu oyundan pes edilsin mi?
sim-new = Yeni oyun
sim-how = Boyamak için boyanmamış bir çizgiye tıklayın. Kendi renginde bir üçgen (tek renk üç çizgiyle birleşen üç nokta) tamamlayan kaybeder; karışık renkli üçgenler sayılmaz.
sim-moves = Hamleler
sim-record = Oyunun kaydı
sim-edge = { $edge } çizgisi: { $colour ->
        [red] kırmızı
        [blue] mavi
        [playable] boyanmamış, boyamak için tıklayın
       *[none] boyanmamış
    }
sim-about = Sim: { $matchup }.
sim-you-resigned = Pes ettiniz.
sim-resigned = { $who } pes etti.
sim-resigned-you-win = { $who } pes etti: kazandınız!
sim-you-win = Kazandınız: { $who } bir üçgen tamamladı.
sim-you-lose = { $who } kazandı: kendi renginizde bir üçgen tamamladınız.
sim-your-turn = Sıra sizde: bir çizgiyi { $colour ->
        [red] kırmızıya
       *[blue] maviye
    } boyayın.
sim-thinking = { $who } düşünüyor…
sim-waiting-friend = Arkadaşınızın katılması bekleniyor.
sim-to-move = Sıra: { $who }.

## Noktalar ve Kutular sayfası (web/dots.html, web/dots.js). Ad tezden (000, 3.1.2): "Noktalar ve kutular".

dots-title = Noktalar ve Kutular — hamle
dots-name = Noktalar ve Kutular
dots-new-game = Yeni bir Noktalar ve Kutular oyunu
dots-rows = Alt alta kutu
dots-cols = Yan yana kutu
dots-opponent = Rakip
dots-bot-strong = Güçlü (zincirler ve denetim; sonda kusursuz)
dots-bot-random = Rastgele
dots-friend = Bir arkadaş (bağlantı gönderin)
dots-you-play = Oynadığınız taraf
dots-red-first = kırmızı, birinci
dots-blue-second = mavi, ikinci
dots-start = Başlat
dots-prompt = Tahtayı ve rakibinizi seçin.
dots-table =
    .aria-label = Tahta
dots-board =
    .aria-label = Noktalar ve Kutular tahtası
dots-resign = Pes et
dots-resign-confirm = Bu oyundan pes edilsin mi?
dots-new = Yeni oyun
dots-how = Çizgi çekmek için komşu iki noktanın arasına tıklayın. Bir kutunun dördüncü kenarını çizen kutuyu alır ve bir çizgi daha çeker. En çok kutuyu alan kazanır.
dots-moves = Hamleler
dots-record = Oyunun kaydı
dots-line-drawn = { $line } çizgisi: çizildi
dots-line-free = { $line } çizgisi: çizilmedi
dots-about = Kırmızı { $red } · mavi { $blue } — { $matchup }.
dots-you-resigned = Pes ettiniz.
dots-resigned = { $who } pes etti.
dots-resigned-you-win = { $who } pes etti: kazandınız!
dots-you-win = Kazandınız! { $ending }
dots-you-lose = { $who } kazandı. { $ending }
dots-your-turn = Sıra sizde: bir çizgi çekin.
dots-thinking = { $who } düşünüyor…
dots-waiting-friend = Arkadaşınızın katılması bekleniyor.
dots-to-move = Sıra: { $who }.

## At turu sayfası (web/knights-tour.html, web/knights-tour.js). Tezde (000, 2.1.1) "64 At Problemi": at
## hamleleriyle tahtanın bütün karelerinin birer kez gezilmesi.

tour-title = At turu — hamle
tour-name = At turu
tour-new-game = Bir at turu
tour-size = Tahta
tour-kind = Tur
tour-kind-open = Açık: her kareyi bir kez gezin
tour-kind-closed = Kapalı: üstelik başlangıçtan bir at hamlesi uzakta bitirin (çift kenarlı tahtalar)
tour-helper = Yardım alabileceğiniz oyuncu
tour-bot-warnsdorff = Warnsdorff kuralı, eşitliklerde ileriye bakarak
tour-bot-thesis = Warnsdorff kuralı, tezde işlendiği gibi
tour-bot-closed = Böl ve yönet ile kapalı bir tur
tour-start = Başlat
tour-prompt = Tahtayı ve yardım alabileceğiniz oyuncuyu seçin.
tour-table =
    .aria-label = Tahta
tour-board =
    .aria-label = At turu tahtası
tour-show-counts = Warnsdorff sayılarını göster
tour-hint = İpucu
tour-bot-move = Oyuncu: bir hamle
tour-watch = Turu izle
tour-stop = Durdur
tour-resign = Bitir
tour-resign-confirm = Tur burada bitirilsin mi?
tour-new = Yeni tur
tour-how = Atı koymak için bir kareye, sonra atın sıçradığı karelere tıklayın. Warnsdorff kuralı (tez, §2.1.1) atı, oradan en az gidişi olan kareye götürür: bu sayıları görmek için kutuyu işaretleyin.
tour-record = Oyunun kaydı
tour-square = { $square }: { $state ->
        [knight] { $place }. sırada gezildi, at burada
        [visited] { $place }. sırada gezildi
        [reachable] at buraya gidebilir
       *[unvisited] gezilmedi
    }
tour-about = { $size } tahtada { $kind ->
        [closed] kapalı tur
       *[open] tur
    }: { $squares } karenin { $visited } tanesi gezildi · oyuncu: { $player }
tour-over = Tur bitti.
tour-visited-so-far = Şimdiye dek { $visited } kare gezildi.
tour-place-knight = Atı koymak için bir kareye tıklayın.
tour-your-move = Sıra sizde: atın sıçrayabileceği bir kareye tıklayın.
tour-hint-goes = { $bot } önerisi: { $square }.
tour-hint-goes-on = { $bot } önerisi: { $square }; ardından beklediği yol: { $line }.

## N vezir sayfası (web/queens.html, web/queens.js). Tezde (000, 2.1.2) "n-vezir problemi"; geri izleme.

queens-title = N vezir — hamle
queens-name = N vezir
queens-new-game = N vezir
queens-size = Tahta
queens-start = Başlat
queens-prompt = Tahtayı seçin.
queens-table =
    .aria-label = Tahta
queens-board =
    .aria-label = Vezir tahtası
queens-hint = İpucu
queens-bot-move = Geri izleme: bir vezir
queens-watch = Bitirişini izle
queens-stop = Durdur
queens-resign = Bitir
queens-resign-confirm = Tahta burada bitirilsin mi?
queens-new = Yeni tahta
queens-how = Vezir koymak için boş bir kareye tıklayın; vezirlerinizin tehdit ettiği kareler gölgelenir. Hiçbiri ötekini tehdit etmeyen N vezir yerleştirin. İpucu tezdeki geri izlemedir (§2.1.2): vezirlerinizi yerinde bırakan, yukarıdan satır satır aranan ilk çözüm; böyle bir çözüm yoksa bunu söyler.
queens-record = Oyunun kaydı
queens-square = { $square }: { $state ->
        [queen] vezir
        [attacked] tehdit altında
       *[free] boş
    }
queens-about = { $n } vezir: { $placed } yerleştirildi, { $free } kare boş
queens-over = Tahta tamamlandı.
queens-placed-so-far = Şimdiye dek { $placed } vezir yerleştirildi.
queens-your-move = Boş bir kareye vezir koyun: { $left } vezir kaldı.
queens-hint-finish = Geri izleme vezirlerinizi yerinde bırakıp { $line } ile bitiriyor.
queens-hint-none = Bu vezirleri koruyan bir çözüm yok: en çok kareyi boş bırakan { $square }.
