# hamle's messages in English. The Turkish catalog (tr.ftl) holds the same ids: a test fails when one misses
# a message the other has. Ids are grouped by where they are met: the frame every page shares, the play layer's
# log and refusals, the server's errors, the terminal, then each game and page.

## The frame every page shares

lang-switch = Language
lang-en = English
lang-tr = Türkçe
# Words from outside the catalogs shown as they are (an outside engine's own error).
verbatim = { $text }

## The sides of the games, as the play layer names them

side-white = White
side-black = Black
side-red = Red
side-blue = Blue
side-first = First
side-second = Second
side-x = X
side-o = O
side-player = Player
side-nobody = Nobody
side-vertical = Vertical
side-horizontal = Horizontal

## Who sits at a seat

seat-bot = bot { $spec }
seat-person = person

## The log of a match (the play layer)

# A page that says "You" for the looker's own side passes `person` = you; the server never does.
log-no-move = { $person ->
        [you] { $who } have no move to play.
       *[other] { $who } has no move to play.
    }
log-no-move-dice = { $person ->
        [you] { $who } have no move to play.
       *[other] { $who } has no move to play.
    }
log-takes-back = { $person ->
        [you] { $who } take back
       *[other] { $who } takes back
    } { $n } { $n ->
        [one] move
       *[other] moves
    }.
log-agrees-draw = { $person ->
        [you] { $who } agree to a draw.
       *[other] { $who } agrees to a draw.
    }
log-offers-draw = { $person ->
        [you] { $who } offer a draw.
       *[other] { $who } offers a draw.
    }
log-plays = { $person ->
        [you] { $who } play { $move }.
       *[other] { $who } plays { $move }.
    }
log-resigns = { $person ->
        [you] { $who } resign.
       *[other] { $who } resigns.
    }
log-throw-start = Throw for the start: { $dice }.
log-throws = { $person ->
        [you] { $who } throw { $dice }.
       *[other] { $who } throws { $dice }.
    }
log-match-won = Seat { $seat } ({ $label }) wins the match, { $won } to { $lost }.

## How a game ended, in any game

ending-goes-on = The game goes on.
ending-over = The game is over.
ending-solo = Game over with { $points } points.
ending-first-wins = The first player wins.
ending-second-wins = The second player wins.
ending-draw = A draw.
ending-draw-agreed = A draw by agreement.
ending-time-draw = { $who }'s time has run out, but { $other } cannot win: a draw.
ending-time-lost = { $who }'s time has run out: { $other } wins on time.

## Why an action is refused (the play layer), as the API's error detail

refusal-no-bot-to-ask = this game has no bot to ask
refusal-no-move-to-hint = there is no move to hint
refusal-match-length = a match is won by at least 1 point
refusal-match-over = the match is over
refusal-game-over-next = this game is over: start the next one
refusal-throw-now = the dice are to be thrown now
refusal-no-throw-now = the dice are not to be thrown now
refusal-not-your-turn = it is not your turn
refusal-takeback-chance = moves cannot be taken back in a game of chance: the draws are committed
refusal-takeback-bot-only = moves are taken back only against a bot
refusal-game-over = this game is over
refusal-takeback-none = there is no move of yours to take back
refusal-draw-no-opponent = a draw is offered to an opponent, and this game has none
refusal-draw-offer-stands = your draw offer stands: the other side accepts by offering too
refusal-time-by-server = time is called by the server, never by a player
refusal-game-not-over = the game is not over yet
refusal-nothing-to-throw = there is nothing to throw
refusal-undo-steps-first = undo the steps entered before playing a whole move
refusal-moves-whole = this game's moves are played whole
refusal-no-step-to-undo = there is no step to undo
refusal-bot-choice-stored = a bot's choice is stored as its move
refusal-undo-steps-before-bot = undo the steps entered before asking the bot
refusal-no-helper = this game has no helper bot
refusal-bot-no-move = the bot has no move
refusal-time-not-out = the time of that seat has not run out
refusal-bot-seat = a bot sits at that seat
refusal-clock-needs-time = an action of a clocked game needs the time it was made
refusal-clock-damaged = a clocked game's action has no time: the store is damaged
refusal-time-no-clock = time was called in a game without a clock: the store is damaged
refusal-clock-before-first = a clock is set before the first action
refusal-clock-two-people = a clock is for a game between two people
refusal-helper-unbuilt = the helper bot cannot be built
refusal-hint-whole-move = hints are for the whole move: undo your steps first
refusal-seat-count = { $game } has { $players } seat(s), not { $seats }
refusal-takeback-limit = this game has had its { $n } take-backs
refusal-bot-declines-draw = bot { $bot } declines the draw
refusal-pass-illegal = passing (the empty move) is not legal here
refusal-illegal = { $move } is not legal here
refusal-no-seat = this game has no seat { $seat }
# `why` is the notation's own words, in English.
refusal-unreadable-move = { $why }
refusal-undo-limit = { $n } steps were undone since the last move: play this one
refusal-record-ceiling = this match has reached its ceiling of { $n } actions: resign it
refusal-time-lost = { $who }'s time has run out: the game is lost on time
refusal-chance-damaged = the stored chance { $stored } is not what the seed draws ({ $drawn }): the store is damaged

## Analyses of finished games

analysis-no-analyst = { $game } has no analyst: it has no judge to say what a move cost
analysis-effort = the effort for { $game } is { $min } to { $max } ({ $means }), not { $effort }
analysis-format = a record's format is '{ $want }', not '{ $got }'
analysis-no-seed = this record has no seed: a game is analysed once it is over
analysis-action = action { $n }: { $why }
analysis-not-over = this record's game is not over: it is analysed once it is
analysis-records-only = { $game } is analysed from hamle's records alone
analysis-after-end = move { $n } comes after the game ended
analysis-illegal = move { $n } is not legal
analysis-too-long = this match has { $items } decisions and throws, more than the { $max } one analysis looks at: analyse it a game at a time

## The server's errors (the API's `detail`; its `error` code stays the same word in every language)

error-no-game = no game has this id
error-busy = { $why }: try again shortly
error-busy-full = the server is busy thinking for others
error-busy-client = your address has as many thoughts waiting as one client may
error-conflict = the game changed meanwhile (another of your requests, or a bot, got there first): nothing was done; read the game and try again
error-invite-unknown = this invite is not known
error-invite-expired = this invite has expired
error-invite-full = every seat of this game is taken
error-invite-seated = you already sit at this game
error-revoked = this token was revoked: use a browser where you still play, or a transfer link made there
error-unknown-token = this token is not a player's
error-too-many = too many { $what }: try again in { $wait } s
rate-creations = new players or games from your address
rate-actions-player = actions from you
rate-actions-address = actions from your address
rate-hints-player = hints asked by you
rate-hints-address = hints asked from your address
rate-streams = event streams opened from your address
rate-people = name changes and transfers from your address

## Hapis Tavlası (thesis 000): endings, throws, refusals of a step

hapis-won-mars = { $person ->
        [you] { $side } win with mars: 2 points.
       *[other] { $side } wins with mars: 2 points.
    }
hapis-won = { $person ->
        [you] { $side } win: 1 point.
       *[other] { $side } wins: 1 point.
    }
hapis-won-mother = { $person ->
        [you] { $side } win by the mother rule: { $points } points.
       *[other] { $side } wins by the mother rule: { $points } points.
    }
hapis-mothers-tie = Both mothers are pinned: a tie.
# A throw, and a double by the name the thesis gives it (section 4.3), in both languages.
hapis-throw = { $high }-{ $low }{ $double ->
        [1] {" "}(hepyek)
        [2] {" "}(dubara)
        [3] {" "}(düse)
        [4] {" "}(dörtcihar)
        [5] {" "}(dübeş)
        [6] {" "}(düşeş)
       *[0] {""}
    }
hapis-opening-throw = white { $white }, black { $black }
hapis-resign-before-start = the game has not begun: throw for the start first
hapis-hint-level = '{ $level }' is not a level (beginner, casual, intermediate, advanced, expert)
hapis-throw-first = throw the dice first
hapis-no-dice = there are no dice to play: throw first
hapis-unreadable-step = { $why }
hapis-not-one-step = '{ $text }' is not one step (write it as 1/4 or 22/off)
hapis-step-blocked = { $step } cannot be played: { $why }
hapis-step-no-play = that would not be a legal play: use as many dice as can be played (the larger one if only one can)
hapis-step-complete = the play is complete: no die is left to play
hapis-blocked-no-checker = you have no checker on { $point }
hapis-blocked-pinned = your checker on { $point } is pinned until their checkers leave it
hapis-blocked-backwards = checkers move forwards only
hapis-blocked-not-home = bearing off waits until all your checkers are home (19 to 24) and none is pinned
hapis-blocked-no-die = no die left is { $distance } (left: { $left })
hapis-blocked-door = { $point } is their door: two or more of their checkers, or theirs on a prisoner
hapis-blocked-not-farthest = a die larger than needed bears off only from your farthest point, { $point }

## Chess (thesis 001): endings

chess-checkmate = { $person ->
        [you] { $side } win by checkmate.
       *[other] { $side } wins by checkmate.
    }
chess-draw = A draw by { $reason ->
        [stalemate] stalemate
        [insufficient] insufficient material
        [threefold] threefold repetition
        [fifty] fifty-move rule
        [fivefold] fivefold repetition
        [seventy-five] seventy-five-move rule
       *[other] { $reason }
    }.

## The other games' endings

dots-won = { $side } wins { $won }–{ $lost }.
dots-draw = A draw, { $boxes }–{ $boxes }.
sim-lost = { $side } completed a triangle of its own colour and lost.
g2048-over = Game over: score { $score }, largest tile { $tile }.
tour-closed = A closed tour: all { $squares } squares visited.
tour-full = A full tour: all { $squares } squares visited.
tour-open = Every square visited, but the last is not a knight's move from the first: an open tour of { $squares }.
tour-stuck = The knight is stuck after { $visited } of { $squares } squares.
queens-solved = Solved: { $n } queens, none attacking another.
queens-stuck = Stuck: every free square is attacked, with { $placed } of { $n } queens placed.

## A side's name in the middle of a sentence ("you play white against …")

plays-white = white
plays-black = black
plays-red = red
plays-blue = blue
plays-first = first
plays-second = second
plays-x = X
plays-o = O
plays-player = player
plays-nobody = nobody
plays-vertical = vertical
plays-horizontal = horizontal

## Why a bot's move is owed (the state's `pending`)

owed-failed = the bot failed to move ({ $why }): it is asked again on the next request
owed-busy = { $why }: the bot moves on the next request
owed-unstored-move = the bot's move could not be stored ({ $why }): it is asked again on the next read
owed-unstored-reply = the bot's reply could not be stored ({ $why }): it is played on your next request

## The frame every game page shares (web/api.js): seats, invites, clocks, ratings

frame-unreachable = The server cannot be reached. Is hamle still running?
frame-went-wrong = Something went wrong: { $error }
frame-revoked-browser = This browser's identity was revoked. Open your page (/me) to use a transfer link from a browser where you still play, or to start afresh.
frame-who-you = you
frame-who-bot = the bot ({ $bot })
frame-who-nobody-yet = nobody yet
frame-who-a-person = a person
frame-who-friend-waiting = your friend (not here yet)
frame-who-friend = your friend
frame-invite-note = Whoever opens this link first takes the other seat. This page follows their moves as they come.
frame-invite-note-until = Whoever opens this link first takes the other seat (it works until { $until }). This page follows their moves as they come.
frame-copy-yourself = Select the link and copy it yourself: this browser does not let the page do it.
frame-copied = The link is copied: send it to your friend.
frame-clock = Clock
frame-clock-none = No clock
frame-clock-3-2 = 3 minutes + 2 seconds a move
frame-clock-5-3 = 5 + 3
frame-clock-10-0 = 10 minutes
frame-clock-15-10 = 15 + 10
frame-clock-1d = Correspondence: a day a move
frame-clock-3d = Correspondence: three days a move
frame-clock-you = (you)
frame-rated = Rated
frame-rated-yes = (the result moves your rating; no hints or take-backs)
frame-rated-no = (not rated: this opponent has no rating on this board)
frame-rated-line = Rated game: { $seats }. No hints or take-backs.
frame-against = against
frame-rated-done = Rated game. { $changes }.
frame-rating-yours = Your rating
frame-rating-of = { $who }'s rating
frame-rating-change = { $whose }: { $before } → { $after } ({ $change })
frame-no-seat = You have no seat at this game.
frame-watching = { $why } You are watching it: the moves show as they are played.
frame-pending = { $why } (asking again in a moment)
frame-update-unreadable = An update could not be read: { $error }
frame-join-failed = You could not join ({ $error }).
frame-join-full = Both seats of this game are taken, so the invite no longer works.
frame-join-expired = This invite has expired: ask your friend for a new game.
frame-join-unknown = This invite is not this game's.
frame-join-other = You could not join: { $why }
frame-matchup = you play { $side } against { $who }

## Hapis Tavlası in the terminal: the board's words

hapis-board-off = borne off: white { $white }, black { $black }
hapis-board-opening = opening throw to come
hapis-board-to-throw = { $side } to throw
hapis-board-to-play = { $side } to play { $dice }
hapis-board-won = { $side } has borne off all fifteen
hapis-board-over = game over

## `hamle play hapis`: a match in the terminal

hplay-start = Hapis Tavlası, a match to { $n } { $n ->
        [one] point
       *[other] points
    }. You play { $side }.
hplay-help =
    Type a whole play in your own numbering (your start is point 1, your home 19-24): 1/4 1/6, 19/off.
    Or a step at a time: 1/4, or a point and a die: 1 3.
      moves   the legal plays, numbered (#2 plays the second)
      hint    the three best plays for this roll by the expert, with their chances
      undo    take back the last step of this turn
      log     the plays so far        board   the board again
      resign  give up this game       quit    leave the match
      help    this text
hplay-game = === Game { $n } — score: white { $white }, black { $black } ===
hplay-match-over = Match over: { $winner ->
        [you] You win the match
       *[bot] The bot wins the match
    }, { $won } to { $lost }.
hplay-bye = Bye: the match is left unfinished at white { $white }, black { $black }.
hplay-status = Match to { $length }: white { $white }, black { $black }. Dice { $dice }, left: { $left }
hplay-played-so-far = ; played so far: { $steps }
hplay-prompt = Your play:
hplay-you-resign = You resign.
hplay-nothing-to-undo = Nothing to undo in this turn.
hplay-plays-so-far = Plays so far:
hplay-none = (none)
hplay-no-move = (no move to play)
hplay-hint = equity { $equity }, win { $win } %, win with mars { $mars } %, lose with mars { $lost } %
hplay-undo-first = Undo your steps first, or go on step by step.
hplay-not-number = '{ $text }' is not a play number (try 'moves')
hplay-no-play-number = There is no play #{ $n }.
hplay-unreadable = { $why }
hplay-not-play = '{ $text }' is not a play: type 'help'.

## `hamle play GAME`: any game in the terminal

play-help = Type a move in the game's notation ('moves' lists the legal ones), 'history' for the moves so far, 'hint' for the strongest bot's choice, 'bot' to let the helper make your move (one-player games), 'undo' to take back your last move and the bot's reply, 'draw' to claim a draw when the rules give one (chess) or else offer one, 'pgn' for the game's PGN (chess), 'record' for the match's record, 'resign' to give up, 'quit' to leave.
play-over = Game over. { $ending }
play-moves = Moves: { $moves }
play-prompt = Your move:
play-bye = Bye: the game is left unfinished.
play-legal = Legal moves: { $moves }
play-so-far = Moves so far: { $moves }
play-hint = Hint: { $move } (the { $bot } bot's choice, value { $value })
play-no-pgn = This game has no PGN: 'record' prints the match's record.
play-refused = { $why }. Legal moves: { $moves }

## Games by the arrow keys in the terminal (2048)

keys-type = Type a move ({ $moves }) and Enter; 'quit' leaves.
keys-bye = Bye: the game is left unfinished (score { $score }).
keys-watching = Watching the bot: q quits.
keys-arrows = Arrow keys, wasd or hjkl move; q quits.
keys-bot-played = The bot played { $move }. q quits.
keys-you-played = You played { $move }.
keys-not-a-move = Not a move: { $why }.
keys-left = Left unfinished at score { $score } (seed { $seed }).
# The ending is a message of its own ("Game over: score 2,048, largest tile 256.").
keys-summary = { $ending } { $moves } moves (seed { $seed }).
keys-header = score { $score }   moves { $moves }   seed { $seed }

## The other games' boards in the terminal

grundy-board-to-move = player { $n } to move
sim-board-to-move = { $side } to move
sim-board-lost = { $side } completed a triangle and lost
# A box by its owner's initial.
dots-board-red-box = R
dots-board-blue-box = B
dots-board-status = red { $red } · blue { $blue } · { $side } to move
g2048-board-status = score { $score }  moves { $moves }

## The server's errors a person meets on the pages

error-no-token = send your player token as 'Authorization: Bearer <token>' (POST /api/players gives one)
error-name-length = a name is 3 to 20 characters: letters (of any alphabet), digits 0-9, '-' and '_', starting with a letter; this one has { $count }
error-name-start = a name is 3 to 20 characters: letters (of any alphabet), digits 0-9, '-' and '_', starting with a letter; this one starts otherwise
error-name-letter = a name is 3 to 20 characters: letters (of any alphabet), digits 0-9, '-' and '_', starting with a letter; this one has { $letter }
error-name-taken = the name '{ $name }' is taken (names are unique whatever their letters' case, and letters that look alike count as one): choose another
error-claim-unknown = this link is not known, or was used already: make a new one in the browser you play in
error-claim-expired = this link has expired (it works for 10 minutes): make a new one in the browser you play in
error-nobody = nobody has this name
error-reread = the game is being read again
error-reread-again = the game is being read again: try again
error-old-format = this game was stored by an earlier hamle whose records this one does not replay
error-not-seated = you do not sit at this game: you may only watch it
error-bot-thinking = the bot is thinking
error-time-ran-out = the time ran out before this action came: the game is over on time
error-bot-to-move = the bot is to move: ask again shortly
error-streams = your address follows { $n } games already: close one first
error-streams-full = the server follows as many games as it may: try again shortly
error-hints-seated = hints are for the people at this game
error-hint-working = a hint for this game is being worked out: ask again once it is given
error-hint-late = the hint was not worked out in time: the server is busy, try again shortly
error-rated-no-help = a rated game takes no { $what }: start an unrated one to use them
help-hints = hints
help-takebacks = take-backs

## Hapis Tavlası's page (web/hapis.html, web/hapis.js)

frame-invite-title = Invite your friend
frame-invite-send = Send this link to the person you want to play:
frame-invite-copy = Copy link
hp-title = Hapis Tavlası — hamle
hp-new-match = A new match of Hapis Tavlası
hp-opponent = Opponent
hp-bot-beginner = Beginner (network with much noise)
hp-bot-casual = Casual
hp-bot-intermediate = Intermediate
hp-bot-advanced = Advanced (network, 1-ply)
hp-bot-expert = Expert (network, 2-ply search)
hp-bot-heuristic = Hand-made evaluation
hp-bot-thesis = The thesis's player
hp-bot-random = Random
hp-friend = A friend (send a link)
hp-you-play = You play
hp-match-to = Match to
hp-points = { $n } { $n ->
        [one] point
       *[other] points
    }
hp-opening-rule = After the opening throw, the winner
hp-opening-rethrow = throws again (the thesis)
hp-opening-play = plays the two opening dice
hp-next-rule = The games after the first start with
hp-next-winner = the last game's winner throwing first
hp-next-throw = an opening throw again
hp-mother-rule = Mother rule: a last checker pinned on its start point loses 2 points
hp-start = Start the match
hp-prompt = Choose your opponent and start.
hp-table =
    .aria-label = The table
hp-dice =
    .aria-label = Dice
hp-undo = Undo
hp-hint = Hint
hp-hint-level = Hint level
hp-level-expert = expert
hp-level-advanced = advanced
hp-resign = Resign
hp-next-game = Next game
hp-new = New match
hp-moves = Moves
hp-counting = Each side counts from its own start: Black's point p is White's point 25 − p.
hp-fair = Fair dice
hp-fair-about = The dice come from this match's own seed. Its SHA-256 commitment, shown from the start:
hp-record = The match record
hp-revealed = The seed and salt, revealed: { $reveal } (its SHA-256 is the commitment above).
hp-reveal-later = The seed is revealed when the match ends.
hp-throw-start = Throw for the start
hp-throw = Throw dice
hp-you = You
hp-the-bot = The bot
hp-your-friend = Your friend
hp-owner-you = your
hp-owner-bot = the bot's
hp-owner-friend = your friend's
hp-owner-side = { $side ->
        [white] White's
       *[black] Black's
    }
hp-point = { $person ->
        [you] your point { $p }
       *[other] { $owner } point { $p }
    }
hp-point-empty = { $where }: empty
hp-point-checkers = { $where }: { $n } { $person ->
        [you] your
       *[other] { $owner }
    } { $n ->
        [one] checker
       *[other] checkers
    }
hp-point-pinning = { $person ->
        [you] , pinning one of your checkers
       *[other] , pinning one of { $owner } checkers
    }
hp-board = { $person ->
        [you] Board: your checkers travel from point 1 (top right) to your home, points 19 to 24 (bottom right)
       *[other] Board: White's checkers travel from point 1 (top right) to White's home, points 19 to 24 (bottom right)
    }
hp-move-here = { " " }— move here
hp-can-move = { " " }— can move
hp-borne-off = { $owner } checkers borne off: { $n }
hp-bear-off-here = { " " }— bear off here
hp-review-before = The position before { $played }, from the mover's side
hp-review-before-best = The position before { $played }; best was { $best }, from the mover's side
hp-review-point = Point { $p }: { $n } { $side }
hp-review-point-pinning = Point { $p }: { $n } { $side }, pinning a { $prisoner } checker
hp-review-point-empty = Point { $p }: empty
hp-opening-line = Opening throw: White { $white }, Black { $black }.
hp-die-used = { $d }, used
hp-score-bot = Bot { $bot }
hp-score-nobody = Nobody yet
hp-score-friend-waiting = Your friend (not here yet)
hp-score-person = A person
hp-match-length = Match to { $n }
hp-one-game = One game
hp-score = { $length } — { $near } · { $far } — game { $game }
hp-match-won = { $person ->
        [you] { $who } win the match, { $won } to { $lost }.
       *[other] { $who } wins the match, { $won } to { $lost }.
    }
hp-match-level = The match ends level, { $a } to { $b }.
hp-start-next = Start the next game when you are ready.
hp-throw-for-start = Throw for the start: the higher die begins.
hp-your-throw = Your turn: throw the dice.
hp-to-throw = { $who } is to throw.
hp-to-play = { $who } is to play.
hp-played-so-far = Played { $steps }; go on with the dice left, or undo.
hp-you-threw = You threw { $dice }: choose a checker, then a highlighted point.
hp-bot-thinking = The bot is thinking…
hp-waiting-friend = Waiting for your friend to join.
hp-friend-playing = Your friend is playing their throw.
hp-waiting-next = Waiting for the next game to start.
hp-waiting-start = Waiting for the throw for the start.
hp-off-board = off the board
hp-or = or
hp-checker-can-go = Checker on your point { $point }: it can go to { $targets }.
hp-choose-checker = Choose a checker.
hp-cannot-move-from = No checker of yours can move from there with these dice.
hp-no-move = no move
hp-hint-line = equity { $equity }, win { $win }, win with mars { $mars }, lose with mars { $lost }
hp-best-plays = Best plays by the { $level } player
hp-resign-confirm = Resign this game? { $against ->
        [bot] The bot gains
       *[person] Your opponent gains
    } its points (2 if you have borne off none).

## The review of a finished game (web/review.js), on every game's page

review-title = Review
review-graph = The evaluation over the game, for { $player }
review-seat = seat { $n }
review-decisions = { $n } decisions
review-lost = { $loss } { $units } lost
review-accuracy = accuracy { $accuracy }
review-error-rate = error rate { $rate }
review-luck = luck { $luck }
review-player = player
review-played = played
review-best = best
review-loss = loss ({ $units })
review-mark = mark
review-pass = (pass)
review-beyond = beyond reach
review-words-beyond = { $who } played { $played } (beyond the judge's reach).
review-words-best = { $who } played { $played }, the best move.
review-words-worse = { $who } played { $played }; best was { $best }, { $loss } { $units } better.
review-words-marked = { $who } played { $played }; best was { $best }, { $loss } { $units } better ({ $mark }).
review-analysing = Analysing the game…
review-again = { $why } (asking again shortly)
review-none-for-game = This game has no review: { $why }
review-none = No review: { $why }
review-progress = Analysing the game: { $done } of { $total } decisions judged…
review-against = Each decision against { $judge } ({ $how }).
review-mark-doubtful = doubtful
review-mark-error = error
review-mark-blunder = blunder
review-mark-inaccuracy = inaccuracy
review-mark-mistake = mistake
review-mark-differs = differs
# Each analyst's judge, its units and what its effort counts, by game.
review-judge-hapis = the expert bot's 2-ply evaluation
review-units-hapis = points
review-means-hapis = { $n } plays searched at 2 plies
review-judge-chess = the engine's search at a fixed number of nodes
review-units-chess = centipawns
review-means-chess = { $n } nodes per position
review-judge-2048 = the expectimax bot's values of the moves (row heuristic, deepened within a node budget)
review-units-2048 = heuristic points (the expected row-heuristic value of the board at the search's horizon)
review-means-2048 = { $n } chance nodes searched per move (the expectimax's node budget)
review-judge-domineering = the exact solver (Bullock's bounds, as `hamle solve domineering`)
review-units-domineering = results
review-means-domineering = { $n } nodes the exact solver searches per placement (counted in steps of 4,096)
review-judge-dots = the exact search
review-units-dots = results
review-means-dots = { $n } undrawn lines the exact search takes (its table holds 2^lines positions)
review-judge-tictactoe = the retrograde solution
review-units-tictactoe = results
review-means-tictactoe = none needed: the game is solved exactly
review-judge-sim = the exact solver
review-units-sim = results
review-means-sim = none needed: the game is solved exactly
review-judge-grundy = the Sprague–Grundy values
review-units-grundy = results
review-means-grundy = none needed: the game is solved exactly

## The chess page (web/chess.html, web/chess.js). SAN keeps its English letters in every language.

chess-title = Chess — hamle
chess-name = Chess
chess-new-game = A new game of chess
chess-white-first = White, first
chess-random-colour = A random colour
chess-start-rules = Start position and rules
chess-start = Start
chess-table =
    .aria-label = The game
chess-board =
    .aria-label = Chess board
    .aria-roledescription = chess board
chess-promote-to = Promote the pawn to
chess-promote-cancel = Cancel (Esc)
chess-board-help = Drag a piece, or click it and then its square. With the keyboard: arrows move over the board, Enter picks the piece up and puts it down, Escape lets it go.
chess-flip = Flip board
    .title = Turn the board round (f)
chess-analyse = Analyse
    .title = The engine's evaluation and best line for this position
chess-takeback = Take back
chess-again = Play again
chess-new = New game
chess-analysis = Analysis
chess-type-move = Type a move
chess-play = Play
chess-download-pgn = Download PGN
chess-record = The game record
chess-prompt = Choose your opponent and your colour.
# The pieces as a sentence's middle names them, by their letter.
chess-piece-p = pawn
chess-piece-n = knight
chess-piece-b = bishop
chess-piece-r = rook
chess-piece-q = queen
chess-piece-k = king
chess-about = You play { $side } against { $who }.
chess-about-watching = White: { $white } · Black: { $black }.
chess-board-label = Chess board, { $side } at the bottom
chess-square-piece = { $square }, { $side } { $piece }
chess-square-empty = { $square }, empty
chess-cursor-piece = { $square }: { $side } { $piece }
chess-cursor-empty = { $square }: empty
chess-player-bot = Bot: { $bot }
chess-thinking-suffix = { " " }— thinking…
chess-material = { $side } is { $points } ahead in material
chess-offer = Offer draw
chess-offered = Draw offered
chess-accept = Accept draw
chess-claim = Claim draw
chess-claim-why = Claim draw ({ $why })
chess-claim-threefold = threefold repetition
chess-claim-fifty = fifty-move rule
chess-sound-on = Sound on
chess-sound-off = Sound off
chess-draw-stalemate = Stalemate: a draw
chess-draw-insufficient = A draw: neither side has the material to mate
chess-draw-threefold = A draw by threefold repetition
chess-draw-fifty = A draw by the fifty-move rule
chess-draw-fivefold = A draw: the same position came five times
chess-draw-seventy-five = A draw by the seventy-five-move rule
chess-a-draw = A draw
chess-how-over = The game is over
chess-how-resigned = { $person ->
        [you] { $who } resigned
       *[other] { $who } resigned
    }
chess-how-checkmate = Checkmate
chess-wins = { $side } wins
chess-you-win = you win
chess-bot-wins = the bot wins
chess-friend-wins = your friend wins
chess-verdict = { $how }: { $who }
chess-verdict-result = { $text } ({ $result }).
chess-verdict-plain = { $text }.
chess-to-move = { $side } to move: { $who }.
chess-to-move-check = { $side } to move (in check): { $who }.
chess-choose-promotion = Choose what the pawn becomes.
chess-your-move = Your move.
chess-your-move-check = Your move: you are in check!
chess-may-claim = You may claim a draw ({ $why }).
chess-friend-not-joined = Your friend has not joined yet: send them the link.
chess-piece-moves = The { $piece } on { $square } has { $n ->
        [0] no move
        [one] { $n } move
       *[other] { $n } moves
    }.
chess-waiting-friend = Waiting for your friend to join: they play { $side }.
chess-friend-move = Your friend's move: waiting for { $side }.
chess-over = The game is over.
chess-watching = You are watching this game.
chess-not-your-turn = It is not your turn.
chess-illegal-own = Illegal move: your own piece stands on { $square }.
chess-illegal-castle-check = Illegal move: you cannot castle out of check.
chess-illegal-castle = Illegal move: castling is not allowed here (the king or that rook has moved, a square between is taken, or the king would pass through or land on an attacked square).
chess-illegal-reach = Illegal move: a { $piece } cannot go from { $from } to { $to }.
chess-illegal-in-check = Illegal move: you are in check, and that does not get your king out of it.
chess-illegal-king = Illegal move: your king would be in check on { $square }.
chess-illegal-pinned = Illegal move: it would leave your king in check (the { $piece } on { $square } is pinned).
chess-check-yours = Check! Your king is attacked.
chess-check = Check!
chess-refused = The server refused that.
chess-typed-illegal = '{ $text }' is not a legal move here: write it like e4, Nf3, O-O or e7e8q.
chess-hint-stale = The hint ({ $move }) is not a move of this position any more.
chess-hint-won = It finds a forced win.
chess-hint-lost = Every move loses against best play.
chess-hint = Hint: { $move } ({ $bot }).
chess-hint-depth = Hint: { $move } ({ $bot }, searching { $depth } plies).
chess-eval-mates = { $side } mates in { $n }.
chess-eval-forced-mate = { $side } has a forced mate.
chess-eval-level = About level.
chess-eval-ahead = { $side } is { $how ->
        [slightly] slightly better
        [better] better
       *[winning] winning
    }.
chess-claims-draw = claims the draw
chess-engine-thinking = The engine is thinking (about a second)…
chess-eval-title = From White's side, in pawns
chess-analysis-about = { $bot }, depth { $depth } · { $nodes } positions · best move shown by the arrow
chess-no-bots = This server does not offer chess against a bot yet: only a friend can be invited.
chess-fen-about = Start from this position (FEN; empty: the usual start)
chess-friend-about = Your friend gets a link to the other seat.
chess-resign-confirm = Resign this game?
chess-review-before = The position before { $played }
chess-review-before-best = The position before { $played }; best was { $best }
# The bots, what they are, their parameters and choices (the server's own words, said again).
chess-bot-engine = engine
chess-bot-engine-about = the engine: alpha-beta with the modern prunings and a neural evaluation; levels for people
chess-bot-thesis = thesis
chess-bot-thesis-about = the thesis's player: minimax to a fixed depth on material and piece-square tables
chess-bot-random = random
chess-bot-random-about = a uniformly random legal move (claims included)
chess-param-engine-level = Strength
chess-param-engine-eval = net: the neural network (stronger under a clock); hand: the tuned hand-made evaluation
chess-param-thesis-depth = plies searched (the thesis tried 3, 5 and 10)
chess-param-thesis-eval = static: material alone, without the tables
chess-param-thesis-search = alphabeta: fewer nodes, the same move as the thesis's plain minimax
chess-choice-engine-level-1 = 1 — first steps
chess-choice-engine-level-2 = 2 — beginner
chess-choice-engine-level-3 = 3 — novice
chess-choice-engine-level-4 = 4 — casual player
chess-choice-engine-level-5 = 5 — club player
chess-choice-engine-level-6 = 6 — expert (about 1950)
chess-choice-engine-level-7 = 7 — master
chess-choice-engine-level-8 = 8 — full strength (about 2200; 1 s a move)
chess-choice-engine-eval-hand = hand
chess-choice-engine-eval-net = net
chess-choice-thesis-eval-dynamic = dynamic
chess-choice-thesis-eval-static = static
chess-choice-thesis-search-minimax = minimax
chess-choice-thesis-search-alphabeta = alphabeta

## The home page (web/index.html, web/home.js)

home-title = hamle — play
home-tagline = games and the machines that play them
home-nav-lab = the lab
home-nav-leaderboards = leaderboards
home-nav-you = you
home-games = Games
home-yours = Your unfinished games
home-loading = Loading…
home-hapis-title = Hapis Tavlası
home-hapis-text = Backgammon with pinning: land on a lone checker and it is pinned under yours until you leave. Play a match against the computer, from the thesis's player to a self-taught network, or against a friend.
home-hapis-start = New match
home-tictactoe-title = Tic-tac-toe
home-tictactoe-text = Three in a row, against a player that never loses or a friend, or the two-phase variant: three stones each, then slide them.
home-2048-title = 2048
home-2048-text = Slide the tiles, merge equal ones, and see how far you get; or watch an expectimax player, or the seed report's player, take the same board on.
home-grundy-title = Grundy's game
home-grundy-text = Split a heap of counters into two unequal heaps, in turn; whoever cannot split one loses. Against a player that knows every heap's Sprague–Grundy value, or a friend.
home-sim-title = Sim
home-sim-text = Colour the lines between six points in turn, red against blue; whoever completes a triangle of their own colour loses. Against the thesis's table of line values, a player that has solved the game, or a friend.
home-dots-title = Dots and Boxes
home-dots-text = Draw lines between dots in turn; complete a box and it is yours, and you draw again. Against a player that knows chains and control, and searches the end exactly, or a friend.
home-knights-tour-title = Knight's tour
home-knights-tour-text = Take a knight over every square of the board once, with Warnsdorff's rule as your guide, or watch it tour: the thesis's rule, a look-ahead that holds on any board, or a closed tour built piece by piece.
home-knights-tour-start = New tour
home-queens-title = N queens
home-queens-text = Put N queens on an N×N board so that none attacks another; the thesis's backtracking finishes any placement that can be finished and says when yours cannot.
home-queens-start = New board
home-chess-title = Chess
home-chess-text = Every rule, drag-and-drop play and a review of each finished game. Against a strong engine at eight levels, the thesis's minimax player, or a friend.
home-domineering-title = Domineering
home-domineering-text = Place dominoes, yours standing, the other side's lying down (or the other way round): whoever has no room left loses. Against the paper's player, an exact solver or a friend.
home-for-one = For one: you, with a bot to help or to watch.
home-for-two = For two: you against a bot or a friend.
home-new-game = New game
home-none-listed = No game could be listed.
home-none-yet = None yet: start one above.
# An unfinished game: its title, its parameters as written ("(variant two-phase)"), who sits across, a match's length.
home-game-line = { $title }{ $params }{ $against ->
        [bot] {" "}against { $bot }
        [friend] {" "}with a friend
        [helper] {" "}with { $helper } to help
       *[none] {""}
    }{ $length ->
        [0] {""}
       *[other] , match to { $length }
    }
home-last-move = last move { $when }

## A listed game and a person's ratings (web/games.js, on /me and /profile)

# A game's short name, as the lists show it.
games-kind-hapis = Hapis
games-kind-tictactoe = Tic-tac-toe
games-kind-2048 = 2048
games-kind-grundy = Grundy
games-kind-sim = Sim
games-kind-dots = Dots
games-kind-knights-tour = Knights-tour
games-kind-queens = Queens
games-kind-chess = Chess
games-kind-domineering = Domineering
games-line = { $title }{ $against ->
        [helper] {" "}with { $helper } to help
        [bot] {" "}against { $who }
        [open] {" "}— your friend has not joined yet
        [person] {" "}against { $who }
        [friend] {" "}against a friend
       *[none] {""}
    }
# The listing player's outcome and the points, theirs first ("won 1–0").
games-result = { $outcome ->
        [won] won
        [lost] lost
        [drawn] drawn
       *[over] over
    } { $score }
games-over = over
games-last-move = last move { $when }
games-review = review
games-play = play
games-no-rated = No rated game yet: tick “Rated” when you start a game.
games-col-game = Game
games-col-rating = Rating
games-col-deviation = Deviation
games-col-rated-games = Rated games
games-rated-line = { $pool }: { $before } → { $after } ({ $change }), { $date }
games-last-rated = Last rated games

## The player's own page (web/me.html, web/me.js)

me-title = You — hamle
me-claim-title = Play here as yourself
me-claim-note = This link gives this browser the identity of the browser that made it. This browser plays as someone else now: its games stay with that identity, which this browser then leaves.
me-claim-here = Use my identity here
me-revoked-title = This browser's identity was revoked
me-revoked-note = Open a transfer link made in a browser where you still play, or start afresh as a new player (the games of the revoked identity stay with it).
me-afresh = Start afresh
me-you = You
me-name-label = Your name (3 to 20 letters, digits, - and _, starting with a letter)
me-save = Save
me-list-games = List my finished games on my public page
me-profile-link = your public page
me-ratings = Ratings
me-leaderboards = The leaderboards
me-playing = Games in play
me-finished = Finished games
me-other-browser = Another browser
me-transfer-note = To play as yourself in another browser, make a link here and open it there: it works once, for ten minutes.
me-transfer = Make a link
me-transfer-link =
    .aria-label = The link for your other browser
me-revoke-others = Sign out every other browser
me-revoke-current = Sign this browser out
me-summary-named = You are { $name }: { $playing } in play, { $over } finished; you play from { $tokens ->
        [1] this browser alone
       *[other] { $tokens } browsers
    }.
me-summary-unnamed = You have no name yet: { $playing } in play, { $over } finished; you play from { $tokens ->
        [1] this browser alone
       *[other] { $tokens } browsers
    }.
me-none-yet = None yet.
me-revoked-nothing-done = This browser's identity was revoked: nothing was done as anyone else.
me-claimed = This browser now plays as you.
me-named = Your name is { $name }.
me-listed = Your finished games are listed on your public page.
me-unlisted = Your public page lists no game.
me-transfer-until = Open this link in your other browser before { $until }. It works once; whoever opens it plays as you.
me-confirm-revoke-others = Sign out every other browser that plays as you? Their links not used yet stop working too.
me-revoked-others = { $n ->
        [1] { $n } other browser is signed out.
       *[other] { $n } other browsers are signed out.
    }
me-confirm-revoke-alone = This browser is the only one that plays as you: signed out, nobody can play your games again unless you made a link first. Sign out?
me-confirm-revoke-current = Sign this browser out? You go on playing in your other browsers.
me-afresh-done = You start afresh as a new player.

## A player's public page (web/profile.html, web/profile.js)

profile-title = A player — hamle
profile-tagline = a player
profile-ratings = Ratings
profile-finished = Finished games
profile-nobody = Whose page? The address names nobody.
profile-since = Plays since { $date }.
profile-no-finished = No finished game yet.
profile-unlisted = { $name } lists no game.

## The leaderboards (web/leaderboard.html, web/leaderboard.js)

board-title = Leaderboards — hamle
board-game = Game
board-people = People
board-people-note = People who chose a name, once their rating is sure (its deviation 110 or less). Ratings are Glicko-2, a game at a time, as lichess rates.
board-bots = Bots
board-col-rank = #
board-col-name = Name
board-col-rating = Rating
board-col-deviation = Deviation
board-col-rated-games = Rated games
board-col-bot = Bot
board-col-measured = Games measured
board-nobody = Nobody yet.
board-no-bot = No bot is rated here.
board-scale = Fixed ratings, measured by { $source }; the scale: { $scale }.
board-no-bot-pool = No bot is rated in this pool: only games between people move its ratings.
board-unreadable = The games could not be read: try again in a moment.
# The scale of the bots' fixed ratings, as the server's table names it.
board-anchor = random at 1000 in every game but chess (Stockfish UCI_Elo)

## Tic-tac-toe's page (web/tictactoe.html, web/tictactoe.js)

ttt-title = Tic-tac-toe — hamle
ttt-name = Tic-tac-toe
ttt-new-game = A new game of tic-tac-toe
ttt-variant = Variant
ttt-classic = Classic
ttt-two-phase = Two-phase: three stones each, then slide one to a neighbouring empty cell
ttt-opponent = Opponent
ttt-bot-perfect = Perfect (never loses)
ttt-bot-thesis = The thesis's player (minimax, depth 2)
ttt-bot-random = Random
ttt-friend = A friend (send a link)
ttt-you-play = You play
ttt-x-first = X, first
ttt-o-second = O, second
ttt-start = Start
ttt-prompt = Choose the variant and your opponent.
ttt-table =
    .aria-label = The board
ttt-grid =
    .aria-label = Tic-tac-toe board
ttt-resign = Resign
ttt-resign-confirm = Resign this game?
ttt-new = New game
ttt-moves = Moves
ttt-record = The game record
# A cell's name (a1 … c3) when no mark stands on it.
ttt-cell-empty = { $cell }: empty
# `matchup` is the frame's "you play X against …" (or both seats, for a watcher).
ttt-about = { $variant ->
        [two-phase] Two-phase tic-tac-toe
       *[classic] Tic-tac-toe
    }: { $matchup }.
ttt-you-resigned = You resigned.
ttt-resigned = { $who } resigned.
ttt-resigned-you-win = { $who } resigned: you win!
ttt-draw = A draw.
ttt-you-win = You win!
ttt-side-wins = { $side } wins.
ttt-bot-wins = The bot wins.
ttt-friend-wins = Your friend wins.
ttt-thinking = { $who } is thinking…
ttt-to-move = { $side } to move ({ $who }).
ttt-waiting-friend = Waiting for your friend to join: they play { $side }.
ttt-friend-turn = Your friend's turn: waiting for { $side }'s move.
ttt-slide = Slide the stone on { $cell } to a highlighted empty cell, or choose another stone.
ttt-choose-stone = Your turn: choose one of your stones to slide.
ttt-choose-cell = Your turn: choose an empty cell.

## Domineering's page (web/domineering.html, web/domineering.js)

dom-title = Domineering — hamle
dom-name = Domineering
dom-new-game = A new game of Domineering
dom-rows = Rows
dom-cols = Columns
dom-who-first = Who places first
dom-first-vertical = Vertical (dominoes standing up)
dom-first-horizontal = Horizontal (dominoes lying down)
dom-opponent = Opponent
dom-bot-solver = Solver (perfect once the board is small enough)
dom-bot-seed-4 = The paper's player, 4 half-moves deep
dom-bot-seed-2 = The paper's player, 2 half-moves deep
dom-bot-random = Random
dom-friend = A friend (send a link)
dom-you-place = You place
dom-first = first
dom-second = second
dom-start = Start
dom-prompt = Choose the board, who starts and your opponent.
dom-table =
    .aria-label = The board
dom-board =
    .aria-label = Domineering board
dom-resign = Resign
dom-resign-confirm = Resign this game?
dom-new = New game
dom-how = Point at a cell to see where your domino would go; click to place it. The side that cannot place a domino loses.
dom-moves = Moves
dom-record = The game record
dom-cell = { $cell }: { $mark ->
        [vertical] vertical domino
        [horizontal] horizontal domino
       *[empty] empty
    }
# `first` is a side as a sentence's middle says it (plays-vertical, plays-horizontal).
dom-about = Domineering on { $size }, { $first } first: { $matchup }.
dom-you-resigned = You resigned.
dom-resigned = { $who } resigned.
dom-resigned-you-win = { $who } resigned: you win!
# For a watcher: `winner` is a side on its own (side-vertical), `loser` one in a sentence's middle (plays-horizontal).
dom-side-wins = { $winner } wins: { $loser } has no place left for a domino.
dom-you-win = You win: { $who } has no place left for a domino.
dom-you-lose = { $who } wins: you have no place left for a domino.
dom-your-turn = Your turn: place a { $side } domino.
dom-thinking = { $who } is thinking…
dom-to-move = { $side } to place a domino ({ $who }).
dom-waiting-friend = Waiting for your friend to join: they place { $side } dominoes.
dom-friend-turn = Your friend's turn: waiting for a { $side } domino.

## 2048's page (web/2048.html, web/2048.js)

g2048-title = 2048 — hamle
g2048-new-game = A new game of 2048
g2048-spawn = New tiles
g2048-spawn-original = As the original game: a 4 one time in ten
g2048-spawn-report = As the seed report: a 4 one time in five
g2048-helper = The bot you can ask to play
g2048-bot-expectimax = Expectimax (strong, thinks up to 3 s a move)
g2048-bot-expectimax-2 = Expectimax, depth 2 (fast)
g2048-bot-expectimax-ntuple = Expectimax on the learned network (3 moves deep, milliseconds)
g2048-bot-ntuple = The learned n-tuple network alone (one move deep, instant)
g2048-bot-seed = The report's player (depth-limited search, corner mask)
g2048-start = Start
g2048-prompt = Choose how new tiles are drawn and which bot you can call on.
g2048-table =
    .aria-label = The board
g2048-board =
    .aria-label = 2048 board
g2048-arrows =
    .aria-label = Moves
g2048-left =
    .aria-label = Left
g2048-up =
    .aria-label = Up
g2048-down =
    .aria-label = Down
g2048-right =
    .aria-label = Right
g2048-bot-move = Bot: one move
g2048-watch = Watch the bot
g2048-stop-watching = Stop watching
g2048-hint = Hint
g2048-resign = End game
g2048-resign-confirm = End this game here?
g2048-new = New game
g2048-how = Arrow keys or WASD move; on a phone, swipe the board. Each new tile comes from the game's seed, committed to by its hash and revealed when the game ends.
g2048-record = The game record
g2048-empty = empty
# Scores and tiles are written without grouping ("Score 2804"), as the page always wrote them.
g2048-about = Score { NUMBER($score, useGrouping: 0) } · largest tile { NUMBER($top, useGrouping: 0) } · { NUMBER($moves, useGrouping: 0) } { $moves ->
        [one] move
       *[other] moves
    } · bot: { $bot }
g2048-ended = Game ended at { NUMBER($score, useGrouping: 0) } points.
g2048-no-move-left = No move is left: { NUMBER($score, useGrouping: 0) } points, largest tile { NUMBER($top, useGrouping: 0) }.
g2048-moves-so-far = { NUMBER($moves, useGrouping: 0) } moves so far.
g2048-your-move = Your move.
g2048-moves-nothing = { $direction ->
        [left] Left
        [up] Up
        [down] Down
       *[right] Right
    } moves nothing: try another way.
g2048-bot-playing = The bot is playing…
# `bot` is the bot's spec (expectimax, ntuple(…)), as it is.
g2048-suggests = { $bot } suggests { $direction ->
        [left] left
        [up] up
        [down] down
       *[right] right
    }.
g2048-hint-value = { $direction ->
        [left] left
        [up] up
        [down] down
       *[right] right
    }: { NUMBER($value, useGrouping: 0) }

## Grundy's game's page (web/grundy.html, web/grundy.js)

grundy-title = Grundy's game — hamle
grundy-name = Grundy's game
grundy-new-game = A new game of Grundy's game
grundy-heaps = Heaps
grundy-heaps-7 = One heap of 7 (the thesis's)
grundy-heaps-12 = One heap of 12
grundy-heaps-20 = One heap of 20
grundy-heaps-7-5-3 = 7, 5 and 3
grundy-heaps-15-10 = 15 and 10
grundy-heaps-30-20-10 = 30, 20 and 10
grundy-opponent = Opponent
grundy-bot-perfect = Perfect (Sprague–Grundy values)
grundy-bot-random = Random
grundy-friend = A friend (send a link)
grundy-you-move = You move
grundy-first = first
grundy-second = second
grundy-start = Start
grundy-prompt = Choose the heaps and your opponent.
grundy-table =
    .aria-label = The heaps
grundy-resign = Resign
grundy-resign-confirm = Resign this game?
grundy-new = New game
grundy-how = Click between two counters of a heap to split it there; the two parts must differ in size. Heaps of 1 and 2 can no longer be split. Whoever cannot split a heap loses.
grundy-moves = Moves
grundy-record = The game record
grundy-heap = heap { $n }: { $size }
grundy-split-title = split into { $a } and { $b }
grundy-split = split the heap of { $size } into { $a } and { $b }
grundy-about = Grundy's game: { $matchup }.
grundy-you-resigned = You resigned.
grundy-resigned = { $who } resigned.
grundy-resigned-you-win = { $who } resigned: you win!
grundy-side-wins = { $winner } wins: { $loser } has no heap left to split.
grundy-you-win = You win: { $who } has no heap left to split.
grundy-you-lose = { $who } wins: you have no heap left to split.
grundy-your-turn = Your turn: split a heap into two unequal heaps.
grundy-thinking = { $who } is thinking…
grundy-waiting-friend = Waiting for your friend to join.
# `who` is who moves for the start of a sentence ("The bot (perfect)"), `name` the same in its middle.
grundy-to-move = { $who } to move.

## Sim's page (web/sim.html, web/sim.js)

sim-title = Sim — hamle
sim-name = Sim
sim-new-game = A new game of Sim
sim-opponent = Opponent
sim-bot-perfect = Perfect (it has solved the game)
sim-bot-thesis = The thesis's player (its table of line values)
sim-bot-random = Random
sim-friend = A friend (send a link)
sim-you-play = You play
sim-red-first = red, first
sim-blue-second = blue, second
sim-start = Start
sim-prompt = Choose your opponent and your colour.
sim-table =
    .aria-label = The board
sim-board =
    .aria-label = Sim: six points and their fifteen edges
sim-resign = Resign
sim-resign-confirm = Resign this game?
sim-new = New game
sim-how = Click an uncoloured edge to colour it. Whoever completes a triangle of their own colour (three points joined by three edges of one colour) loses; triangles of mixed colours do not count.
sim-moves = Moves
sim-record = The game record
# An edge (1-2 … 5-6) by its colour; `playable` is an uncoloured edge the person may colour now.
sim-edge = edge { $edge }: { $colour ->
        [red] red
        [blue] blue
        [playable] uncoloured, click to colour it
       *[none] uncoloured
    }
sim-about = Sim: { $matchup }.
sim-you-resigned = You resigned.
sim-resigned = { $who } resigned.
sim-resigned-you-win = { $who } resigned: you win!
sim-you-win = You win: { $who } completed a triangle.
sim-you-lose = { $who } wins: you completed a triangle of your colour.
sim-your-turn = Your turn: colour an edge { $colour ->
        [red] red
       *[blue] blue
    }.
sim-thinking = { $who } is thinking…
sim-waiting-friend = Waiting for your friend to join.
sim-to-move = { $who } to move.

## Dots and Boxes' page (web/dots.html, web/dots.js)

dots-title = Dots and Boxes — hamle
dots-name = Dots and Boxes
dots-new-game = A new game of Dots and Boxes
dots-rows = Boxes down
dots-cols = Boxes across
dots-opponent = Opponent
dots-bot-strong = Strong (chains and control; exact at the end)
dots-bot-random = Random
dots-friend = A friend (send a link)
dots-you-play = You play
dots-red-first = red, first
dots-blue-second = blue, second
dots-start = Start
dots-prompt = Choose the board and your opponent.
dots-table =
    .aria-label = The board
dots-board =
    .aria-label = Dots and Boxes board
dots-resign = Resign
dots-resign-confirm = Resign this game?
dots-new = New game
dots-how = Click between two neighbouring dots to draw a line. Draw the fourth side of a box and it is yours, and you draw again. Most boxes wins.
dots-moves = Moves
dots-record = The game record
dots-line-drawn = line { $line }: drawn
dots-line-free = line { $line }: not drawn
dots-about = Red { $red } · blue { $blue } — { $matchup }.
dots-you-resigned = You resigned.
dots-resigned = { $who } resigned.
dots-resigned-you-win = { $who } resigned: you win!
# `ending` is the game's ending as the server words it (dots-won, dots-draw).
dots-you-win = You win! { $ending }
dots-you-lose = { $who } wins. { $ending }
dots-your-turn = Your turn: draw a line.
dots-thinking = { $who } is thinking…
dots-waiting-friend = Waiting for your friend to join.
dots-to-move = { $who } to move.

## The knight's tour's page (web/knights-tour.html, web/knights-tour.js)

tour-title = Knight's tour — hamle
tour-name = Knight's tour
tour-new-game = A knight's tour
tour-size = Board
tour-kind = Tour
tour-kind-open = Open: visit every square once
tour-kind-closed = Closed: and end a knight's move from the start (even boards)
tour-helper = The player you can call on
tour-bot-warnsdorff = Warnsdorff's rule, with a look-ahead for ties
tour-bot-thesis = Warnsdorff's rule as the thesis works it
tour-bot-closed = A closed tour by divide and conquer
tour-start = Start
tour-prompt = Choose the board and the player you can call on.
tour-table =
    .aria-label = The board
tour-board =
    .aria-label = Knight's tour board
tour-show-counts = Show Warnsdorff's counts
tour-hint = Hint
tour-bot-move = Player: one move
tour-watch = Watch the tour
tour-stop = Stop
tour-resign = End
tour-resign-confirm = End this tour here?
tour-new = New tour
tour-how = Click a square to place the knight, then click the squares it jumps to. Warnsdorff's rule (the thesis, §2.1.1) goes to the square with the fewest onward moves: tick the counts to see them.
tour-record = The game record
# A square (a1 …) and what it is: `place` is its number in the tour.
tour-square = { $square }: { $state ->
        [knight] visited { $place }, the knight
        [visited] visited { $place }
        [reachable] the knight can go here
       *[unvisited] not visited
    }
# `size` is the board (8×8); `player` the helper's spec (warnsdorff …), as it is.
tour-about = A { $kind ->
        [closed] closed tour
       *[open] tour
    } of { $size }: { $visited } of { $squares } squares visited · player: { $player }
tour-over = The tour is over.
tour-visited-so-far = { $visited } squares visited so far.
tour-place-knight = Click a square to place the knight.
tour-your-move = Your move: click a square the knight can jump to.
tour-hint-goes = { $bot } goes to { $square }.
tour-hint-goes-on = { $bot } goes to { $square } and expects to go on { $line }.

## The N queens' page (web/queens.html, web/queens.js)

queens-title = N queens — hamle
queens-name = N queens
queens-new-game = N queens
queens-size = Board
queens-start = Start
queens-prompt = Choose the board.
queens-table =
    .aria-label = The board
queens-board =
    .aria-label = Queens board
queens-hint = Hint
queens-bot-move = Backtracking: one queen
queens-watch = Watch it finish
queens-stop = Stop
queens-resign = End
queens-resign-confirm = End this board here?
queens-new = New board
queens-how = Click a free square to put a queen on it; the squares your queens attack are shaded. Place N queens and none attacks another. The hint is the thesis's backtracking (§2.1.2): the first solution, row by row from the top, that keeps your queens; it says so when none does.
queens-record = The game record
queens-square = { $square }: { $state ->
        [queen] a queen
        [attacked] attacked
       *[free] free
    }
queens-about = { $n } queens: { $placed } placed, { $free } squares free
queens-over = The board is done.
queens-placed-so-far = { $placed } queens placed so far.
queens-your-move = Place a queen on a free square: { $left } to go.
queens-hint-finish = Backtracking keeps your queens and finishes with { $line }.
queens-hint-none = No solution keeps these queens: { $square } leaves the most squares free.
