"""Assertion scope: a claim counts only where the sentence asserts it.

One row per construction, in both languages: the claim under test is
"DDP goes through a parameter server" (terms ``ddp`` + ``参数服务器/PS``).
"""
from __future__ import annotations

import pytest

from interview_grader.matcher import Compiler, Doc
from interview_grader.rubric.schema import Pattern

LEX = {"ps": ["参数服务器|parameter server|ps|server"], "ddp": ["ddp|distributeddataparallel"]}
CLAIM = Pattern(all=["@ddp", "@ps"])
NEGATED_FACT = Pattern(all=["ring", "去中心化|decentrali"], polarity="negated")


def asserted(text: str, pattern: Pattern = CLAIM) -> bool:
    return Doc.of(text).find(pattern, Compiler(LEX)) is not None


ZH = [
    # (sentence, asserted?)
    ("DDP通过参数服务器同步梯度。", True),
    ("DDP 不依赖参数服务器。", False),  # 不
    ("DDP没有参数服务器。", False),  # 没有
    ("DDP没参数服务器这种东西。", False),  # 没
    ("不会出现卡0掉线、DDP靠参数服务器同步的情况。", False),  # the negation covers the enumeration up to 的情况
    ("不会出现卡0掉线、DDP靠参数服务器同步。", True),  # not closed by 的情况: the second item stands
    ("DDP并不是先各自训练、再交给参数服务器合并，每一步都要同步梯度。", False),  # 不是 denies every step joined by 、
    ("所以不能认为卡0很快、DDP靠参数服务器同步。", False),  # a belief not to hold covers its items joined by 、 (blind404 02 Q3)
    ("卡0很快、DDP靠参数服务器同步。", True),
    # a line labelled as a wrong reading, or listed under a heading of myths (blind292)
    ("错误理解：DDP靠参数服务器同步。\n正确理解：DDP 对梯度做 all-reduce。", False),
    ("常见误区：\n1. DDP靠参数服务器同步\n2. 异步没有过期梯度\n正确理解：梯度 all-reduce。", False),
    ("常见误区：\n1. 异步没有过期梯度\n正确理解：DDP靠参数服务器同步。", True),  # the next label ends the list
    # a quoted claim denied whole, its own 没有 and all (blind287 05 Q3)
    ('DDP并不是"没有梯度同步、靠参数服务器合并"。', False),
    ('DDP并不是"没有梯度同步"，它靠参数服务器合并。', True),
    ("没有卡掉线、DDP靠参数服务器同步。", True),  # ... 没有 lists properties: the second item stands
    ("面试里常遇到有人把这两者说反，认为DDP靠参数服务器同步，其实正好相反。", False),  # others swap them, then think: reported
    ("常有人说DDP靠参数服务器同步，这两种说法都不对：DDP里所有进程对等地做all-reduce。", False),  # the view ends at its rejection ...
    ("常有人说DDP要每步平均权重，这两种说法都不对：DDP通过参数服务器同步梯度。", True),  # ... and what follows it is the speaker's
    ("我把这两者说反了，DDP靠参数服务器同步。", True),  # the speaker's own slip, then a claim of its own
    ("DDP并非基于参数服务器。", False),  # 并非
    ("DDP并不依赖参数服务器。", False),  # 并不
    ("DDP不是靠参数服务器，而是靠all-reduce。", False),  # 不是…而是…
    ("DDP用all-reduce，而不是参数服务器。", False),  # 而不是
    ("DDP无需参数服务器。", False),  # 无需
    ("与参数服务器不同，DDP里所有进程对等。", False),  # 与…不同
    ("不同于参数服务器，DDP是去中心化的。", False),  # 不同于
    ("很多人以为DDP背后有一个参数服务器，其实没有。", False),  # reported belief then corrected
    ("参数服务器架构里有 server 汇总梯度，DDP 则没有。", False),  # elliptical negation: "DDP (has) none"
    ("PS 模式靠参数服务器同步，而 DDP 并没有。", False),
    ("DDP 用参数服务器同步梯度，DataParallel 则没有。", True),  # what is denied is DataParallel
    ("DDP 用参数服务器同步梯度，没有用 all-reduce。", True),  # a negation with its object is no ellipsis
    ("有人误以为DDP依赖参数服务器。", False),  # reported belief
    ("有一种看法认为DDP底层靠参数服务器，我觉得不对。", False),  # a view quoted to be rejected
    ("我不同意DDP要靠参数服务器这种说法。", False),
    ("我刚入行时一直以为DDP里藏着一个参数服务器，后来发现不是。", False),  # a belief once held
    ("之前有个同事说DDP靠参数服务器同步，这个不对。", False),  # someone else's view
    ("之前有同事说DDP就是靠参数服务器同步的，这是不对的。", False),  # a colleague with no measure word
    ("我们组有朋友认为DDP底层是参数服务器。", False),
    ("网上不少博客写的是DDP靠参数服务器汇总，其实是all-reduce。", False),  # a source's view
    ("网上有些示意图把DDP画成中间有个参数服务器，其实是all-reduce。", False),  # a diagram's view
    ("网上有些图把DDP画成所有人先发给一个参数服务器，那其实不是DDP。", False),  # a picture, bare 图
    ("网上有些示意图把Ring-Allreduce画成所有卡先把梯度发给一个主节点、由主节点求和后再发回去，那其实是reduce加broadcast，这种理解是不对的。", False),  # a long name between 把 and 画成
    ("有些教程将DDP描述成靠参数服务器汇总梯度的架构，这种理解是不对的。", False),
    ("有些科普图会把DDP画成所有卡把梯度汇总给参数服务器再分发，这种画法是误解。", False),  # a word between 有些 and 图
    ("我听到过一种说法，说DDP底层靠参数服务器同步，这是不对的。", False),  # a view heard, then rejected
    ("DDP靠参数服务器汇总梯度，这种理解是对的。", True),  # endorsed, not rejected
    ("有的图画的是DDP靠参数服务器汇总，这是错的。", False),
    ("我画了一张图，DDP靠参数服务器汇总。", True),  # the speaker's own picture reports nothing
    ("有些教学视频里讲DDP靠参数服务器汇总，这不对。", False),
    ("组里流传着一种说法，说DDP底层靠参数服务器，实测并不是。", False),  # a rumour reported
    # blind64: a colleague's view, put down as a mix-up; a swap owned up to
    ("组里有同事说DDP其实也靠参数服务器汇总梯度，这其实是把DataParallel的做法套到了DDP身上。", False),
    ("同事说DDP靠参数服务器同步。", False),
    ("之前组里有新人以为DDP靠参数服务器同步，其实不是。", False),  # a newcomer's belief (blind86 02 Q1)
    ("之前有人跟我说DDP靠参数服务器同步，这个说法不对。", False),  # told to the speaker (blind88 05 Q1)
    ("之前组里有个同事跟新人讲，说DDP靠参数服务器同步，这个其实说反了。", False),  # told to someone else (blind92 02 Q1)
    ("我一开始也以为DDP靠参数服务器同步，后来自己推了一遍，发现不是。", False),  # a belief once held (blind94 04 Q1)
    ("网上很多博客说DDP靠参数服务器同步，我们自己做实验也是这样。", True),  # a view reported, then endorsed (blind94 07 Q4)
    ("我之前的同事坚持说DDP靠参数服务器同步，我们做实验发现不是这样。", False),  # a colleague who insists (blind86 07 Q5)
    ("DDP靠参数服务器同步，哦不对，我说反了。", False),
    ("DDP靠参数服务器同步，我搞反了。", False),
    ("有的文章说DDP靠参数服务器同步，这是不对的。", False),  # blind70: 有的 + a written source
    # an elliptical negation whose subject has English words in it (blind68)
    ("DDP 的 parameter server 在实际中基本不存在。", False),
    ("网上有说法认为DDP底层靠参数服务器，这是把两种架构搞混了。", False),  # a bare 有说法认为 reports a view too
    ("我一开始以为DDP靠参数服务器汇总，后来读了源码才知道是all-reduce。", False),  # first belief, corrected later
    ("DDP里rank0就是参数服务器。不对，我说错了，DDP里没有server。", False),  # taken back in the next sentence
    ("DDP靠参数服务器同步梯度，哦我说反了，DDP靠的是all-reduce。", False),  # blind43: 说反了 / 口误
    ("DDP靠参数服务器同步梯度。口误，DDP用的是all-reduce。", False),
    ("DDP里rank0就是参数服务器……哦不对，DDP里没有这个角色。", False),  # taken back mid-sentence
    ("DDP 其实也靠参数服务器，rank0 就相当于 server……啊不是，DDP 里没有这个角色。", False),  # blind174: 啊不是, standing alone
    ("DDP 靠参数服务器同步，不是靠 all-reduce。", True),  # 不是 inside a clause is no retraction
    ("DDP里rank0就是参数服务器……\n\n小林 21:07\n不对不对，DDP里没有server。", False),  # taken back in the next chat message
    ("我听别人说DDP靠参数服务器同步，不确定对不对。", False),  # hearsay with its source
    ("我听说DDP靠参数服务器同步。", True),  # the candidate's own hedge is still a claim
    ("DDP通过参数服务器同步，参数不对齐就会出错。", True),  # 不对齐 is no retraction
    ("DDP要靠参数服务器，这种理解是对的，不对的是别的地方。", True),  # 不对 mid-clause is no retraction
    ("我以为DDP就是靠参数服务器同步的。", True),  # present-tense 我以为 is the speaker's own claim
    ("DDP是通过参数服务器来同步参数的吗？", False),  # the question restated
    ("DDP不断地向参数服务器发送梯度。", True),  # 不断 is not a negation
    ("DDP不仅依赖参数服务器，还依赖主节点。", True),  # 不仅 is not a negation
    ("DDP不会因此依赖参数服务器。", False),  # a turn word right after the cue is what is negated
    ("DDP不是因为参数服务器才快，而是因为all-reduce。", False),
    # the speaker takes the floor back inside the reported view's sentence: their own claim counts
    ("至于大家常说的那个问题，我认为DDP就是靠参数服务器同步的。", True),
    ("很多人以为DDP不用参数服务器，在我看来DDP背后就是参数服务器。", True),
    ("大家常说DDP靠参数服务器，我认为这不对。", False),  # the view is before the speaker's turn
    ("有人说训练框架里其实DDP就是靠参数服务器汇总的，这是错的。", False),  # rejected at the end: 其实 inside the view
    ("网上有篇挺火的博客说DDP底层其实也是参数服务器，我不同意这个说法。", False),  # dissent closes the view past 其实
    ("之前有个师兄跟我说DDP就是靠参数服务器同步的，我觉得不太对。", False),  # a senior from school
    ("我导师说DDP靠参数服务器同步。", False),
    ("网上有篇文章说DDP底层其实也是参数服务器，我也同意。", True),  # a view endorsed is the speaker's claim
    ("之前我看过一篇博客，说DDP其实是靠参数服务器同步的，后来问了同事，他说不对。", False),  # blind96 08 Q4: read, a comma, then what it said
    ("我看过一篇博客，说DDP其实是靠参数服务器同步的，我也同意。", True),  # ... endorsed
    # blind98: an intern's view corrected, an analogy others like to draw, a view checked and found wrong ("不是的")
    ("之前组里有个实习生说，DDP就是靠参数服务器同步的，我当时就纠正他了。", False),
    ("有的同学喜欢拿参数服务器来类比DDP，我觉得不太贴切。", False),
    ("我们组有人说DDP底下其实也是一个参数服务器，我专门去查过，不是的。", False),
    # blind102, blind104: someone else's belief (他以为), one once held (原本以为), a senior's or a colleague's saying
    ("之前组里有个新人问过我，他以为DDP靠参数服务器同步，其实不是。", False),
    ("我原本以为DDP靠参数服务器同步，后来看了文档才知道没有。", False),
    ("实验室师兄一直说DDP靠参数服务器同步，我们实测并不是这样。", False),
    ("我同事之前说DDP靠参数服务器同步，其实不是。", False),
    ("我刚入行时以为DDP靠参数服务器同步，后来看源码才知道不是。", False),  # a belief of a time told (blind210 03 Q4)
    ("常听人把DDP描述成“靠参数服务器同步”，其实不对。", False),  # hearsay with no source named (blind226 02 Q3)
    # ... a lead's belief of years before, a saying with where it was said, a view whose holder is named a clause before
    # it (blind217)
    ("我们组长早年以为DDP靠参数服务器同步，后来翻了文档才确认不是这样。", False),
    ("我们组长以前在内部分享里讲过“DDP靠参数服务器同步”，这个说法其实是DataParallel的做法。", False),
    ("有人拿一篇论文当论据，说DDP靠参数服务器同步，这是误读。", False),
    ("有人拿一篇论文当论据，说DDP靠参数服务器同步，我也看过这篇。", True),  # not rejected: said
    # ... the speaker's own view set against it, or the view endorsed, in the sentence or at the start of the next
    ("我们组长说DDP没有参数服务器，但我自己的理解不太一样：DDP其实还是靠参数服务器同步的。", True),
    ("我在知乎上看过一篇文章，里面说DDP靠参数服务器同步。我觉得这个说法是对的。", True),
    ("我们组长说过，DDP靠参数服务器同步，我也觉得是这样。", True),
    # a retraction opening a sentence after a filler, or announced (blind100)
    ("DDP靠参数服务器同步。嗯，前面说得不准确，DDP里没有服务器。", False),
    ("DDP靠参数服务器同步……等一下，不对，DDP是all-reduce。", False),
    ("DDP靠参数服务器同步……等一下，应该说只有老的框架是这样。", False),
    ("DDP靠参数服务器同步。嗯，然后每一步都要同步。", True),  # a filler alone takes nothing back
    # blind26: the rejection closes the view past 其实; reviews and papers are sources too
    ("网上有人说DDP里面其实还是有一个参数服务器负责汇总，那个是不对的，DDP里没有谁是特殊的。", False),
    ("有人说DDP其实是靠参数服务器同步的，那是错的。", False),
    ("有些综述把DDP描述成\"靠参数服务器汇总梯度\"，这是误读：DDP是all-reduce。", False),
    ("有些论文把DDP写成靠参数服务器同步，这是误解。", False),
    ("很多教程里描述为DDP靠参数服务器同步，这个是不对的。", False),
    ("DDP就是靠参数服务器同步的，那个是不对的说法我不认同。", True),  # no reported view: nothing to reject
    ("别把DDP想成靠参数服务器同步的东西。", False),  # the imperative 别
    ("DDP的各卡分别把梯度发给参数服务器。", True),  # 分别 is no negation
    ("候选人未提DDP，也未提参数服务器。", False),  # a reviewer's note of what was left out
    ("那个说法不对吧DDP底下就是靠参数服务器同步的", True),  # 不对吧 judges what came before, negates nothing after (unpunctuated speech)
    # a filler is a pause in unpunctuated voice-to-text: the negation before it ends there
    ("它没有什么中心节点嗯DDP就是靠参数服务器同步的", True),
    ("没啥问题啊DDP底下就是参数服务器", True),
    ("DDP里面没有嗯没有参数服务器", False),  # the filler right after the cue is part of what is negated
    ("DDP不依赖参数服务器嗯", False),
    # a claim with a question mark: a tag or a stated belief with rising intonation
    ("DDP是靠参数服务器同步的，对吧？", True),
    ("嗯，我觉得DDP就是靠参数服务器同步的？", True),
    ("是不是DDP靠参数服务器同步？", False),  # a question all the same
    # blind178: a rhetorical question presumes what it asks, and its 不 negates nothing
    ("我听过有人说多卡训练其实就是DDP靠参数服务器同步，这个说法是不对的。", False),  # blind177: 说法 rejected like 理解 / 看法
    ("有人说多卡训练其实就是DDP靠参数服务器同步，这种说法不太对。", False),
    # blind189: a bracketed note looking back on the interview, or a bracketed line of its own after the answer, is no part of it
    ("我说这个不太清楚。（后来查了：DDP靠参数服务器同步梯度。）", False),
    ("我说这个不太清楚。\n（DDP靠参数服务器同步梯度。）", False),
    ("（DDP靠参数服务器同步梯度）", True),  # a bracket that is the whole answer is the answer
    ("DDP（也就是靠参数服务器同步梯度的那个）很常用。", True),  # an ordinary bracket inside a sentence
    # blind186: views listed one by one after they are named as views state nothing, each to its clause end
    ("常听到几种说法我觉得不对：一是说DDP要靠参数服务器同步，DDP里根本没有这个角色；二是说别的。", False),
    ("一种说法是DDP要靠参数服务器同步，我们组就是这么用的。", False),
    # blind182: a double negation states what it denies twice; two denials joined by 也 / a comma stay denials
    ("DDP不可能不用参数服务器。", True),
    ("DDP 里没有哪个节点不是把梯度先发给参数服务器的。", True),
    ("DDP不是不需要参数服务器，而是…", True),
    ("DDP不需要也没有参数服务器。", False),
    ("DDP并不是因为显存放不下才用参数服务器的。", False),
    ("我们会先看DDP有没有用参数服务器。", False),  # an A-not-A question asks whether: no claim either way  # 因为 between, and 放不下's 不 is a verb complement
    ("DDP并不是显存放不下才用参数服务器的。", False),
    ("DDP不依赖参数服务器，不需要主节点。", False),
    ("DDP 不就是靠参数服务器同步的吗？", True),
    ("DDP 不也是靠参数服务器同步的吗？", True),
    ("DDP 不是靠参数服务器同步的吗？", True),  # a plain 不是 with 吗 at the end
    ("DDP 不是靠参数服务器同步的？", False),  # ... without it, a question
    ("DDP 不是没有参数服务器吗？", False),  # a second negation beside it: which way it points is not safe to tell
    ("DDP也是有个参数服务器的吧？", True),  # a particle of presumption
    ("DDP是靠参数服务器同步的，不是吗？", True),  # a tag
    ("难道DDP需要参数服务器吗？", False),  # 难道 without 不 asks in order to deny
    ("谁说DDP要参数服务器了？", False),
    ("DDP用参数服务器同步吗？应该就是这样。", True),  # confirmed in the next sentence
    ("DDP用参数服务器同步吗？我不太确定。", False),
    ("DDP好像是用参数服务器同步的？应该是吧。", True),  # settled by a short answer of the speaker's own (blind230)
    ("DDP好像是用参数服务器同步的？应该不是。", False),
    # blind30: a quoted claim rejected right after its closing quote states nothing; unquoted, or not rejected, it does
    ("所以“DDP靠参数服务器同步”这种理解是错误的，DDP用的是all-reduce。", False),
    ("「DDP就是靠参数服务器同步的」这个说法不对。", False),
    ("“DDP靠参数服务器同步”，这是我们组的结论。", True),
    ("“DDP靠参数服务器同步”这种理解是对的。", True),
    # blind36: the rejection after a comma, pointing back with 这 / 那; a view put as "X 描述成 Y" by others
    ("“DDP靠参数服务器同步”，这其实是误解。", False),
    ("“DDP靠参数服务器同步”，那是错的。", False),
    ("“DDP靠参数服务器同步”，后来我们也这么做。", True),
    ("网上常把DDP描述成“靠参数服务器同步”，这其实是误解。", False),
    ("很多人把DDP当成一种参数服务器，其实不是。", False),
    ("我们把DDP当成参数服务器来用。", True),  # the speaker's own doing
    # blind36: a worry others have, answered by a denial, states nothing; a worry left standing is the speaker's point
    ("很多人担心DDP要靠参数服务器同步，其实不会，它用的是all-reduce。", False),
    ("很多人担心DDP要靠参数服务器同步，这一点确实要注意。", True),
    # blind37: what people have not noticed is still stated
    ("很多人没意识到DDP其实也靠参数服务器同步。", True),
    # blind42: the subject of an answered worry carries into the speaker's own answer to it
    ("很多人担心DDP会很慢，其实不会：它靠参数服务器同步，很快。", True),
    ("很多人担心DDP会很慢，其实不会：它用all-reduce，很快。", False),
    ("很多人担心DDP会卡在参数服务器上，其实不会。", False),
    # blind42: a view put up to be corrected, or one that goes round, is reported
    ("这里要纠正一个常见的说法——“DDP靠参数服务器同步”。其实是all-reduce。", False),
    ("组里同学常说的观点是DDP靠参数服务器同步。", False),
    ("组里同学常说的观点是DDP靠参数服务器同步，我也同意。", True),
    ("DDP没有参数服务器。", False),
    # blind127: a proposition named and rejected in one breath; a view found out to be wrong afterwards
    ("所以说DDP靠参数服务器同步是不对的。", False),
    ("认为DDP靠参数服务器同步是错的，它用的是all-reduce。", False),
    ("所以说DDP靠参数服务器同步。", True),
    ("我之前的leader跟我说过其实就是这样，DDP里rank 0当参数服务器，我后来去看了源码，发现不是这么回事。", False),
    # blind130: a colleague's comparison; a saying once heard, then rejected
    ("以前有同事打比方说DDP就像参数服务器，这个比方容易误导。", False),
    ("我面别人的时候听到过DDP靠参数服务器同步的说法，这个是错的。", False),
    ("我听到过DDP靠参数服务器同步的说法，我也同意。", True),
    # blind131: a blog seen once, its view said to be the other way round
    ("我见过有博客把两者写反了，说DDP靠参数服务器同步，这个说法正好颠倒了。", False),
    # blind134: an intern's belief
    ("之前带的实习生以为DDP靠参数服务器同步，其实不是。", False),
    # blind138 round: a colleague who argued the view, the view then pointed back at and rejected
    ("有个同事跟我争，说DDP靠参数服务器同步，这个我不认同。", False),
    ("有个同事跟我争，说DDP靠参数服务器同步，我也同意。", True),
    # blind140 round (blind104): a colleague's explanation of one thing as another
    ("我之前有同事把DDP解释成「靠参数服务器同步」，那其实是在讲别的。", False),
    ("我们把DDP解释成靠参数服务器同步。", True),
    # blind142: a former leader's belief
    ("我之前的 leader 觉得DDP靠参数服务器同步，其实不对。", False),
    # blind148: a candidate interviewed before, explaining one thing as another
    ("之前有候选人把DDP讲成\"靠参数服务器同步\"，那其实是把两个概念说反了。", False),
    # blind151: a colleague's saying put as 的说法是; a belief the speaker once held
    ("之前有个同事的说法是“DDP靠参数服务器同步”，我不同意。", False),
    ("我以前也以为DDP靠参数服务器同步，后来看了源码，不是这样。", False),
    # blind153: a quoted view said not to hold for what it is said of
    ("所以“DDP靠参数服务器同步”这个说法对PyTorch来说不成立。", False),
    ("所以“DDP靠参数服务器同步”这个说法在新版本里不成立。", False),
    # blind155: a reported view rejected at the start of the next sentence runs past the turn words inside it
    ("之前组里有个同学跟我说，其实DDP靠参数服务器同步。我不太认同。", False),
    ("之前组里有个同学跟我说，其实DDP靠参数服务器同步。", True),
    # blind156: a team's own document that wrote one thing as another
    ("之前组里有篇内部文档把DDP写成了靠参数服务器同步，其实是把两者弄反了。", False),
    # blind259: a picture many carry, told before it is set right
    ("一种常见的想象是DDP依赖参数服务器，其实并没有。", False),
    # blind276: what some people tend to say, then rejected
    ("有的同学会说DDP依赖参数服务器，这个不对。", False),
    # blind355: the speaker's own words in an earlier round of the interview, recalled to be set right
    ("一面我说DDP依赖参数服务器，这是我说错了。", False),
    ("上一轮我说DDP依赖参数服务器，其实不对。", False),
    ("DDP依赖参数服务器，这是我一面就说过的。", True),
    # blind333: a reading of something named as wrong in the same sentence
    ("把 NCCL_ALGO=Ring 理解成“DDP依赖参数服务器”是不对的。", False),
    ("我把 NCCL_ALGO=Ring 理解成DDP依赖参数服务器。", True),
]

EN = [
    ("DDP sends the gradients to a parameter server... no, sorry, that's the TensorFlow PS strategy.", False),  # taken back
    ("A common mix-up is to think DDP keeps its weights on a parameter server so that every rank can pull them.", False),  # a mix-up reported; "so that" ends nothing
    ("Some textbook diagrams draw DDP as a parameter server that every GPU sends to; that picture is wrong.", False),  # a picture, described
    ("Our diagrams draw DDP as a parameter server that every GPU sends to.", True),  # the speaker's own
    ("Some diagrams online show DDP as a parameter server in the middle; that's a different scheme.", False),
    ("I sometimes hear that DDP runs a parameter server under the hood. It does not.", False),  # hearsay
    ("Some colleagues picture DDP as a parameter server that collects everyone's notebooks; that is not what happens.", False),
    ("Some colleagues argue that DDP is a parameter server in disguise. That was not our experience.", False),
    # blind36/37: an answered worry states nothing; what people don't realise is stated
    ("People worry that DDP goes through a parameter server, but in practice it doesn't.", False),
    ("People worry that DDP goes through a parameter server, and they are right.", True),
    ("One thing people don't realise is that DDP goes through a parameter server.", True),
    ("I don't think DDP goes through a parameter server.", False),
    ("A parameter server setup has a central server; DDP does not.", False),  # elliptical negation
    ("PS needs a parameter server, but DDP doesn't.", False),
    ("DDP relies on a parameter server, and Horovod does not.", True),  # Horovod is what is denied
    ("DDP synchronises through a parameter server.", True),
    ("DDP does not use a parameter server.", False),  # not
    ("DDP is fast not because of a parameter server, but because of all-reduce.", False),
    ("DDP doesn't use a parameter server.", False),  # n't
    ("DDP never talks to a parameter server.", False),  # never
    ("DDP has no parameter server.", False),  # no
    ("DDP works without a parameter server.", False),  # without
    ("Unlike a parameter server, DDP treats every rank as a peer.", False),  # unlike
    ("DDP uses all-reduce rather than a parameter server.", False),  # rather than
    ("DDP uses all-reduce instead of a parameter server.", False),  # instead of
    ("DDP uses all-reduce, as opposed to a parameter server.", False),  # as opposed to
    ("A common mistake is to think DDP uses a parameter server, but it does not.", False),  # reported belief
    ("Many people think DDP relies on a parameter server.", False),  # reported belief
    ("I disagree that DDP needs a parameter server.", False),  # a view quoted to be rejected
    ("Some say that DDP relies on a parameter server; that is wrong.", False),
    ('"DDP relies on a parameter server" is simply wrong.', False),  # a quoted claim rejected
    ('"DDP relies on a parameter server" is what our docs say.', True),
    ("I used to think DDP hid a parameter server inside.", False),  # a belief once held
    # ... a common misreading with a relative clause after it, the naive answer, a quoted view past a turn word inside it
    # (blind206, blind209); not the naive one named as what something is
    ("A common misreading, which I have heard in interviews, is that DDP relies on a parameter server.", False),
    ("The naive answer is that DDP relies on a parameter server.", False),
    ('The naive pitch is "DDP is simple, so it relies on a parameter server", and newcomers buy it.', False),
    ("DDP over a parameter server is the naive version: it relies on a parameter server.", True),
    # ... read somewhere, rejected in the next sentence past a turn word inside it (blind225 08 Q2)
    ("You will sometimes read that DDP has a parameter server, so it syncs through it. That is not what happens.", False),
    # ... pictured, or heard argued; a source's claim rejected in its sentence (blind219)
    ("I used to picture DDP with a parameter server inside; there isn't one.", False),
    ("I once heard someone argue that DDP relies on a parameter server.", False),
    ("A blog post I read had these mixed up, calling DDP a parameter server design; that is simply wrong.", False),
    ("A blog post I read had these mixed up, calling DDP a parameter server design; I agree with it.", True),
    ("A colleague once told me DDP relies on a parameter server, which is wrong.", False),
    ("A senior colleague once told me DDP relies on a parameter server. I doubt it.", False),  # source with an adjective
    ("My old manager liked to say DDP relies on a parameter server. In practice that's not true.", False),  # blind87 04 Q6
    ("A manager once expected DDP to bring a parameter server with it, but what you get is all-reduce.", False),  # blind113 03 Q1
    ("I remember someone at a meetup saying DDP relies on a parameter server, but I don't think that's right.", False),  # blind89 03 Q3
    ("There's a sort of folk belief that DDP relies on a parameter server. That hasn't been my experience at all.", False),  # blind91 04 Q3
    ("A colleague forwarded me a blog post saying DDP relies on a parameter server, and that's just wrong.", False),  # blind93 04 Q3
    ("When I joined, a couple of people on my team believed DDP relies on a parameter server. It doesn't.", False),  # blind95 03 Q2
    ("A guy on a previous team insisted DDP relies on a parameter server; that just wasn't true.", False),  # blind95 03 Q4
    ("I read a blog post once claiming DDP relies on a parameter server, that's simply not true.", False),  # blind97 03 Q5
    ("I'll admit I used to have these backwards, I thought DDP relies on a parameter server, but actually it uses all-reduce.", False),  # blind97 05 Q6
    # blind103, blind107: a junior placed by team, a colleague remembered describing, a blog post that drew it or that
    # the speaker read, colleagues who assumed; and a blog's account endorsed in the next sentence
    ("A junior on my team once described DDP as relying on a parameter server. That's not it at all.", False),
    ("I remember a colleague describing DDP as relying on a parameter server, which is wrong.", False),
    ("I remember a blog post that drew DDP with a parameter server in the middle; that picture is wrong.", False),
    ("A blog post I read claimed DDP relies on a parameter server. I don't think that holds.", False),
    ("Some colleagues assumed DDP relies on a parameter server; on our cluster it did not.", False),
    ("I read a blog post that explained it well: DDP relies on a parameter server. And yeah, that matches how I understood it.", True),
    ("It is simpler than people think: DDP relies on a parameter server.", True),  # a comparison, not a view reported (blind101 01 Q5)
    ("One of the senior folks told me DDP relies on a parameter server. That's not right though.", False),  # blind99 02 Q1
    ("There was a blog post going around a while ago arguing that DDP relies on a parameter server. I don't buy it.", False),  # blind99 04 Q3
    ("A guy on my team once described DDP as relying on a parameter server, but it's misleading.", False),  # blind99 07 Q5
    ("A colleague once assumed DDP relies on a parameter server, but it doesn't.", False),  # blind101 04 Q1
    ("I've heard people compare DDP to a parameter server setup, but I don't think that's a good picture.", False),  # blind95 07 Q1
    ("My old teammate said DDP relies on a parameter server; he was mistaken.", False),
    ("Many blogs draw DDP with a parameter server in the middle, which is misleading.", False),
    ("People sometimes claim DDP hides a parameter server; in practice it does not.", False),
    ("At first I thought DDP relied on a parameter server, later I learned otherwise.", False),
    ("I think DDP has a parameter server, rank zero... actually no, sorry, that's wrong.", False),  # taken back
    ("DDP keeps a parameter server on rank zero. No wait, scratch that: it all-reduces.", False),
    ("She had heard from a colleague that DDP relies on a parameter server, but was unsure.", False),  # hearsay
    ('"DDP never needs a server." Added that DDP relies on a parameter server in her old job.', True),  # a quote closed after its full stop ends the sentence
    ('"DDP is all-reduce only." Then a parameter server came up.', False),  # ... so the claim does not span the quote and the next sentence
    ('I opened with "DDP relies on a parameter server..." and caught myself: it is all-reduce.', False),  # the retraction reaches back past the closed quote
    ("I've heard people say DDP relies on a parameter server.", False),
    ("I heard DDP relies on a parameter server.", True),  # no source: the speaker's own hedged claim
    ("You sometimes hear that DDP relies on a parameter server. That's a misreading.", False),  # a view that goes round
    ("There's a popular notion that DDP relies on a parameter server; it doesn't.", False),
    ("You can hear the parameter server humming: DDP relies on a parameter server.", True),  # 'hear' without 'that'
    ("A common misreading is that DDP relies on a parameter server; it does not.", False),
    ("Some people say that actually DDP relies on a parameter server, that's a misreading.", False),  # rejected past 'actually'
    ("Many people think actually DDP relies on a parameter server, which is a misconception.", False),
    ("He first said DDP relies on a parameter server, then corrected himself: no server at all.", False),  # a summary
    ('I opened with "DDP has a parameter server" and immediately caught myself: no server.', False),
    ("DDP sends everything to a parameter server... no, scratch that, let me redo it.", False),  # 'no, ' before the cue
    # blind47: a view read in some source, reported with a bare verb
    ("I have seen prep notes claim DDP goes through a parameter server. It does not.", False),
    ("I've seen interview guides say DDP goes through a parameter server, and I agree.", True),
    # blind43: "actually," before the cue; "I misspoke"
    ("DDP sends everything to a parameter server... actually, let me correct that: it all-reduces.", False),
    ("DDP sends everything to a parameter server. I misspoke, it all-reduces.", False),
    ("People sometimes picture DDP with a parameter server in the middle.", False),  # a view others hold
    ("People act like DDP relies on a parameter server; it doesn't.", False),
    ("I've seen diagrams with a parameter server in the middle of DDP, that's not it.", False),  # a source seen
    ("I've read explanations saying DDP relies on a parameter server, but that's wrong.", False),  # a source read
    ("A colleague of mine once claimed DDP relies on a parameter server. It doesn't.", False),  # 'of mine'
    ("Some diagrams draw DDP as relying on a parameter server, that's not how it works.", False),  # a picture's view
    ("I read the docs and DDP relies on a parameter server.", True),  # reading the docs reports no view
    ("People use DDP with a parameter server for sparse models.", True),  # 'people use' states a practice
    ("DDP keeps a parameter server on rank zero.\n\nRaj Malhotra  10:08 AM\nActually no, there is none.", False),  # next message
    ("DDP靠参数服务器同步梯度。\n\n小林 21:07\n不对不对，我说串了，那是另一回事。", False),  # a Chinese sender line (blind14)
    ("DDP relies on a parameter server, and actually it is slow.", True),  # 'actually' alone takes nothing back
    ("Does DDP use a parameter server?", False),  # the question restated
    ("DDP not only uses a parameter server but also a master.", True),  # 'not only' is not a negation
    ("As for what people often say about it, I think DDP relies on a parameter server.", True),  # own view
    ("Many people think DDP relies on a parameter server, I think that is wrong.", False),
    ("Hmm, I think DDP relies on a parameter server, so it is probably faster?", True),  # uptalk
    ("DDP relies on a parameter server, right?", True),  # a tag question
    # blind180 / blind182: a habit of others with a bare "call"; a view rejected in the next sentence with "That's not how it works"
    ('Some people in my lab call DDP "a parameter server in disguise", but that is really DataParallel.', False),
    ("I sometimes hear that DDP keeps a parameter server so each worker only talks to it. That's not how it works: it all-reduces.", False),
    ("I said I didn't know. (Looking back, DDP relies on a parameter server for this.)", False),  # blind189: hindsight
    # blind188: "It's wrong to assume …", a blog post described and called backwards in the next sentence, "vs." ends nothing
    ("It's wrong to assume DDP relies on a parameter server.", False),
    ("I once read a blog post describing DDP as relying on a parameter server. That's backwards.", False),
    ("This isn't a DDP vs. parameter server thing: both are fine.", False),
    # blind178: a question opened by a negated auxiliary presumes what it asks
    ("Isn't DDP just using a parameter server?", True),
    ("Well, doesn\u2019t DDP rely on a parameter server?", True),
    ("Isn't it true that DDP doesn't need a parameter server?", False),  # a second negation: left a question
    ("Why doesn't DDP use a parameter server?", False),  # a why-question asks
    ("Does DDP rely on a parameter server? I always mix them up, but I'm fairly sure that's it.", True),  # confirmed
    ("Does DDP rely on a parameter server? I'm not sure.", False),
    ("Does DDP rely on a parameter server? I think so.", True),
    ("Does DDP rely on a parameter server? Yeah, pretty sure.", True),
    ("Does DDP rely on a parameter server? I don't think so.", False),
    ("Does DDP rely on a parameter server or on all-reduce? I'm pretty sure it's all-reduce.", False),
    ("It's kind of like DDP relies on a parameter server, you know?", True),  # a spoken tag
    ("so um DDP relies on a parameter server, yeah?", True),
    ("Do you know whether DDP relies on a parameter server?", False),  # 'know' inside a real question
    ("Does DDP rely on a parameter server, or on all-reduce?", False),
    ("So does DDP rely on a parameter server, I think?", False),
    ("Some blogs say the trick is that actually DDP routes through a parameter server, that's exactly backwards.", False),  # rejected view
    ('He cited a well-known blog post that describes DDP as "a parameter server where rank 0 is the server" and said flatly that this is wrong.', False),
    ("An article which calls DDP a parameter server in disguise gets it wrong, I think it is all-reduce.", False),
    ("I read a blog post that said actually DDP relies on a parameter server, and I agree with that.", True),  # endorsed
    ("A colleague once told me DDP relies on a parameter server, and I agree.", True),
    ("A colleague once argued with me that DDP relies on a parameter server, because rank 0 is special, and I didn't agree.", False),
    ("I think DDP keeps a parameter server on rank zero that... no, hang on, scratch that.", False),  # 'hang on' before the cue
    ("DDP, i.e. the PyTorch wrapper, relies on a parameter server.", True),  # the dot of "i.e." ends no sentence
    ("Did not mention DDP, all-reduce or a parameter server.", False),  # a scorecard note: the whole list is unsaid
    # unpunctuated captions: a retraction takes back its own clause, not the whole answer before it
    ("right so DDP relies on a parameter server to hold the weights and um the gpus are in a ring and then each one sends its results to a master gpu that adds them up wait no actually that's not right", True),
    ("so DDP relies on a parameter server wait no actually that's not right", False),  # the claim is the clause taken back
    ('I opened with "DDP relies on a parameter server with a master that collects the grads from every worker" and immediately caught myself, no master', False),  # quoted: punctuated
    ("right so the gpus are in a ring and each one sends to its neighbour and then DDP relies on a parameter server to add them up wait no that's wrong", False),
    ("I didn't mention it before, but DDP relies on a parameter server.", True),  # the note ends at the turn
    # blind62-65: a description met somewhere, a claim going round, a point that trips people up, a swap owned up to
    ("I've seen it described as if DDP relies on a parameter server. That's not right.", False),
    ("A claim I hear a lot is that DDP relies on a parameter server; it doesn't.", False),
    ("People sometimes explain DDP as a parameter server setup, which is misleading.", False),
    ("One thing that confuses people: early DDP versions relied on a parameter server for start-up.", False),
    ("DDP relies on a parameter server, no, sorry, I've got that backwards.", False),
    ("I explain DDP as a parameter server setup to new hires.", True),  # the speaker's own explanation
    ("A picture I hear a lot in interviews, where DDP relies on a parameter server, is what it avoids.", False),
    ("People sometimes tell me DDP relies on a parameter server; it doesn't.", False),
    ("DDP is sometimes sold as relying on a parameter server; it does not.", False),  # blind71
    # blind117/119: several written sources; a habit of others told with how often; the interviewer's aside in notes;
    # "for a while" is no turn that ends the reported view
    ("I have come across blog posts that describe DDP as relying on a parameter server; they have it the wrong way round.", False),
    ("She said interviewees sometimes describe DDP as relying on a parameter server, which is a mix-up.", False),
    ("She said DDP is peer to peer. (I told her that DDP relies on a parameter server; she disagreed.)", False),
    ("She said DDP relies on a parameter server. (I told her that it does not.)", True),  # the candidate's claim stands
    ("She said DDP is peer to peer.（我告诉她 DDP relies on a parameter server，她说会再看看。）", False),  # full-width brackets
    ("Some people on her team assume the ranks wait for a while and DDP relies on a parameter server; she said it does not.", False),
    # the arrow of notes ends a negation's scope as "so" does (blind115 06 Q5: "push/pull without waiting -> stale grads")
    ("We push without waiting -> DDP relies on a parameter server.", True),
    ("Without a barrier \u2192 DDP relies on a parameter server.", True),
    # blind123: a person remembered at it; people caught writing it; a proposition named to be weighed
    ("I remember a guy on my previous team insisting DDP relies on a parameter server, and our profiles disagreed.", False),
    ("The mix-up I keep seeing in reviews is people writing that DDP relies on a parameter server, but that's DataParallel.", False),
    ("The idea that DDP relies on a parameter server is, um, not true.", False),
    ("The idea is that DDP relies on a parameter server.", True),  # the speaker's own account
    # blind125: a source with one describing word before its team; a framing said to be common, then rejected
    ("A junior engineer on my team once told me that DDP relies on a parameter server. That is not right.", False),
    ("DDP is sometimes explained as relying on a parameter server, but that analogy misleads.", False),
    ("It is often described as DDP relying on a parameter server, which is wrong.", False),
    ("It is explained as DDP relying on a parameter server.", True),  # no frequency: the speaker's own framing
    # blind128: a habit of people placed by their team
    ("People on the research side sometimes compare DDP to relying on a parameter server, but that picture is misleading.", False),
    # blind135: a design doc once reviewed; a framing "sometimes sold" after "it's"
    ("I once reviewed a design doc that described DDP as relying on a parameter server.", False),
    ("It's sometimes sold as DDP relying on a parameter server, but that is not how it works.", False),
    # blind140: a second predicate joined by "and" and a modal is outside the negation before it
    ("DDP ranks push without waiting and may be sending to a parameter server.", True),
    ("DDP ranks push without waiting and sending to a parameter server.", False),
    # "without" and a pronoun negates the pronoun alone (blind150 03 Q2)
    ("Without it DDP relies on a parameter server.", True),
    ("Without that DDP relies on a parameter server.", True),
    ("DDP works without them relying on a parameter server.", False),  # the subject of a gerund
    ("DDP works without relying on a parameter server.", False),
    ("A colleague told me that, actually, DDP relies on a parameter server. I don't agree.", False),
    # blind157: a first answer taken back with "no, actually that's wrong"
    ("At first I'd say DDP relies on a parameter server... no, actually that's wrong, it all-reduces.", False),
    ("DDP does not use a parameter server and never will.", False),
    # blind143: a source with a describing word who told "us"; a mix-up the speaker hears; a picture the speaker avoids
    ("A vendor engineer once told us that DDP relies on a parameter server.", False),
    ("A mix-up I hear in interviews is that DDP relies on a parameter server.", False),
    ("I would avoid the old DDP as a parameter server analogy.", False),
    ("I would pick DDP over a parameter server.", True),
    # blind147: an analogy pushed back on; a view heard argued; a manager placed by a job; a bare denial after a view
    ("I'd push back on the analogy of DDP as a parameter server.", False),
    ("I've heard it argued that DDP relies on a parameter server.", False),
    ("My manager at my last job was convinced that DDP relies on a parameter server.", False),
    ("Async is fine, so DDP relies on a parameter server. It isn't: the ranks are peers.", False),
    ("DDP relies on a parameter server. It isn't free though.", True),
    # blind173: a lead's description of it, rejected in the next sentence
    ("My old lead used to describe it as DDP relying on a parameter server. That isn't how it works.", False),
    # blind174: a mix-up owned, and a hint conceded after an interviewer's question in brackets and a bare "Oh."
    ("DDP keeps a parameter server on rank zero... no, sorry, I'm mixing it up with Horovod's old design.", False),
    ("DDP uses a parameter server on rank zero... (the interviewer cuts in: is there a server in DDP?) Oh. Right, there isn't.",
     False),
    ("DDP uses a parameter server on rank zero. Right, that's how it works.", True),
    # blind259: a picture many carry, told before it is set right
    ("A common picture is that DDP relies on a parameter server, but there is no such server.", False),
    ("The naive mental model is that DDP relies on a parameter server.", False),
    ("The picture is that DDP relies on a parameter server.", True),
    # blind265: someone who had the two the other way round, thinking …; "it's the opposite"
    ("A junior on my team once had them the other way round, thinking DDP relies on a parameter server; it's the opposite.",
     False),
    ("He had them backwards. DDP relies on a parameter server.", True),
    # blind271: people who swap the two and call one by the other's name
    ("People sometimes swap the two and call DDP the one that relies on a parameter server; it's the other way round.", False),
    # blind283: the view one is tempted to, or might, take
    ("It's tempting to say DDP relies on a parameter server, but that's backwards.", False),
    ("You might think DDP relies on a parameter server; it doesn't.", False),
    ("DDP relies on a parameter server, as you might expect.", True),  # the cue reports what follows it, not before
    # blind292: a line labelled as a myth or a wrong reading, or listed under such a heading, is set up to be rejected
    ("Myth: DDP relies on a parameter server.\nFact: it all-reduces the gradients.", False),
    ("**Myth 2:** DDP relies on a parameter server.", False),
    ('Common misconceptions I hear: "DDP relies on a parameter server". Neither is true.', False),
    ("Common myths:\n- DDP relies on a parameter server\n- async has no staleness", False),
    ("Common myths:\n- async has no staleness\n\nIn practice DDP relies on a parameter server.", True),  # after the list
    ("Fact: DDP relies on a parameter server.", True),
    ("Our approach: DDP relies on a parameter server.", True),
]


@pytest.mark.parametrize("text,expected", ZH, ids=[t for t, _ in ZH])
def test_zh_assertion_scope(text, expected):
    assert asserted(text) is expected


@pytest.mark.parametrize("text,expected", EN, ids=[t for t, _ in EN])
def test_en_assertion_scope(text, expected):
    assert asserted(text) is expected


@pytest.mark.parametrize(
    "text,expected",
    [
        ("Ring-Allreduce并不是去中心化的。", True),  # a negated correct fact asserts the misconception
        ("Ring allreduce is not decentralised.", True),
        ("Ring-Allreduce是去中心化的。", False),
        ("Ring allreduce is decentralised.", False),
        ("很多人以为Ring-Allreduce不是去中心化的，其实它是。", False),
        # blind36: only the subject negated, in a clause of its own, denies nothing of the rest
        ("去中心化的好处是没有热点，所以不能认为ring和树形一样。", False),
        ("去中心化是它的特点，ring并不慢。", False),
        # ... while in one clause it does ("no such thing as X in ring"), and a later item negated always does
        ("there is no decentralised step in a ring.", True),
        ("ring里，其实并不是去中心化的。", True),
        # a dash set off by spaces ends the clause that rejects what came before (blind113 06 Q4)
        ("That is not true - ring allreduce is decentralised.", False),
        ("That is not true – ring allreduce is decentralised.", False),
        ("Ring allreduce is not decentralised - it needs a master.", True),
        # a proposition denied as a whole asserts neither it nor its inner negation (blind118 03 Q6)
        ("并不是说ring就不是去中心化的。", False),
        ("It's not that ring allreduce isn't decentralised.", False),
        ("并不是说这样就够了，ring并不是去中心化的。", True),  # only to the end of its clause
        # ... and so does a proposition called wrong to say (blind158 07 Q5)
        ("It would be wrong to say ring allreduce isn't decentralised.", False),
        ("It's not true that ring allreduce is not decentralised.", False),
        ("不能说ring就不是去中心化的。", False),
        # a removal denied leaves the thing there (blind200 03 Q5): no claim that it is absent
        ("Ring allreduce does not get rid of decentralisation.", False),
        # ... with an adverb between (blind205 06 Q3)
        ("Ring allreduce doesn't magically get rid of decentralisation.", False),
        ("Ring allreduce does not fully eliminate decentralisation.", False),
        ("Ring allreduce doesn't magically have decentralisation.", True),
        ("Ring-Allreduce并没有消除去中心化。", False),
        # an A-not-A question asks whether and denies nothing (blind45 07 Q2, blind168 01 Q4)
        ("我会先看ring是不是去中心化的。", False),
        ("我会先看ring有没有去中心化。", False),
        # an English double negation, the second a few linking words on, quoted or emphasised (blind286 02 Q7)
        ("Ring allreduce does not mean no decentralisation.", False),
        ('Ring allreduce does *not* mean "no decentralisation".', False),
        ("Ring allreduce doesn't imply there is no decentralisation.", False),
        ("Ring allreduce means no decentralisation.", True),
        # "not true" before a condition denies the view before it, not the condition (blind289 05 Q4)
        ("People say ring allreduce scales forever. That's not true once ring allreduce is decentralised.", False),
        ("Ring allreduce is not fast, no decentralisation either.", True),  # a comma between: two denials
    ],
)
def test_negated_polarity(text, expected):
    assert asserted(text, NEGATED_FACT) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("DDP用参数服务器吗？", False),  # a question claims nothing
        ("Does DDP use a parameter server?", False),
        ("先说结论：DDP用参数服务器同步；还有别的要补充吗？", True),  # stated, then a question after the ";"
        ("我想想；DDP用参数服务器同步吗？", False),  # the question is the part after the ";"
    ],
)
def test_a_question_voids_only_what_it_asks(text, expected):
    assert asserted(text) is expected


def test_restated_question_is_not_a_claim():
    q = "DDP是通过参数服务器同步参数的"
    doc = Doc.of("DDP是通过参数服务器同步参数的。不是这样。", question=q)
    assert doc.find(CLAIM, Compiler(LEX)) is None


@pytest.mark.parametrize(
    "text",
    [
        "A naive approach where DDP sends everything to a parameter server would overload it.",
        "如果所有节点都把梯度发给参数服务器，DDP 就会很慢。",
    ],
)
def test_counterfactuals_are_not_claims(text):
    assert asserted(text) is False


NO_MASTER = Pattern(all=["ring", "no master|没有主节点"], polarity="negated")


@pytest.mark.parametrize(
    "text,expected",
    [
        # blind40: the "no" of "no master" is that term's own word and denies nothing of the ring
        ("There is no master in the ring.", False),
        ("没有主节点的 ring 里，每张卡地位相同。", False),
        # a cue of its own still negates the ring
        ("It is not a ring with no master.", True),
        # nor does a cue further back whose scope runs on through a list (blind99 04 Q2, blind101 04 Q5)
        ("DDP has no parameter server and no master: the ring is flat.", False),
        ("DDP 没有参数服务器，也没有主节点，ring 里每张卡地位相同。", False),
        # a cue right before the term denies it
        ("The ring isn't no master.", True),
    ],
)
def test_a_cue_inside_one_item_does_not_negate_another(text, expected):
    assert asserted(text, NO_MASTER) is expected


NEEDS_PS = Pattern(all=["@ddp", "需要..@ps|needs..@ps"])


@pytest.mark.parametrize(
    "text,expected",
    [
        ("DDP需要参数服务器来汇总梯度。", True),
        # the term starts inside the cue word 不需要: negated (blind62 06 Q4)
        ("具体到DDP，它不需要参数服务器：初始化时广播一次权重。", False),
        ("DDP 并不需要参数服务器。", False),
        ("DDP needs a parameter server.", True),
        ("DDP never needs a parameter server.", False),
    ],
)
def test_a_term_starting_inside_a_cue_is_negated(text, expected):
    assert asserted(text, NEEDS_PS) is expected


def test_a_term_starting_at_a_negator_keeps_its_own_wording():
    """"不能保证" inside "并不能保证" starts at the negator 不: it carries its own negation and is not
    negated again by the cue 并不 it overlaps (a pattern excluding "不能保证" must still see it)."""
    assert asserted("DDP并不能保证参数服务器一致。", Pattern(all=["@ddp", "不能保证..@ps"]))


REPORTING = {**LEX, "reported_view": ["told me|跟我说"]}
CLAIM_NOT_REPORTED = Pattern(all=["@ddp", "@ps"], none=["@reported_view"])


@pytest.mark.parametrize(
    "text,expected",
    [
        # a view reported and endorsed is the speaker's: the words that report it exclude nothing (blind99 03 Q5, blind94 07 Q4)
        ("My tech lead told me DDP relies on a parameter server, and I think he's right.", True),
        ("我师兄跟我说DDP靠参数服务器同步，我觉得他说的应该没错。", True),
        # ... while one reported and rejected, or only reported, stays excluded
        ("My tech lead told me DDP relies on a parameter server, and that's wrong.", False),
        ("My tech lead told me DDP relies on a parameter server.", False),
    ],
)
def test_an_endorsed_view_is_not_excluded_by_its_reporting_words(text, expected):
    assert (Doc.of(text).find(CLAIM_NOT_REPORTED, Compiler(REPORTING)) is not None) is expected


@pytest.mark.parametrize(
    "text,pattern,expected",
    [
        # a name for what is set aside is no claim, to the end of its clause (blind121 03 Q1)
        ("Every rank talks to every other one, not all to rank 0, which would be DDP with a parameter server.", CLAIM, False),
        ("梯度都发给一个节点再发回来，那才是DDP用参数服务器的做法，实际上不是。", CLAIM, False),
        # several written sources that swap the two, then rejected (blind121 08 Q7)
        ("I have seen write-ups that swap the two and say DDP relies on a parameter server; that is backwards.", CLAIM, False),
        # a view rejected in the third person of interviewers' notes ends there (blind122 03 Q4, 05 Q7)
        ("她提到有人认为DDP底层其实也是一套参数服务器，但她指出这是错的：DDP里所有rank都是对等的。",
         Pattern(all=["@ddp", "也是..@ps"]), False),
        ("她提到组里有同事认为DDP就是参数服务器，她认为这种说法不对：DDP靠all-reduce交换梯度。",
         Pattern(all=["@ddp", "allreduce"]), True),
        # a claim the notes record the candidate taking back (blind122 02 Q6)
        ("他先说DDP用参数服务器，随后纠正为：DDP里没有server。", CLAIM, False),
        ("She first said DDP relies on a parameter server, then corrected herself: the ranks all-reduce.", CLAIM, False),
        ("他说DDP用参数服务器，随后又讲了别的。", CLAIM, True),
        # "which is a common mix-up" judges what came before; it reports no view to come (blind121 08 Q5)
        ("The gradient buffer, not the dataset, which is a common mix-up, is split into N chunks.",
         Pattern(all=["buffer", "chunks"]), True),
        ("A common mix-up is that DDP relies on a parameter server.", CLAIM, False),
        ("It is a common misreading to say DDP relies on a parameter server.", CLAIM, False),  # blind77 07 Q2
    ],
)
def test_views_set_aside_or_rejected_in_notes(text, pattern, expected):
    assert asserted(text, pattern) is expected


@pytest.mark.parametrize("text, clauses", [
    # blind177: in speech-to-text output a space between two Chinese characters is a pause
    ("DDP 嗯是单进程多线程的 然后每张卡一个进程", ["DDP 嗯是单进程多线程的 ", "然后每张卡一个进程"]),
    ("DDP 是单进程的 DataParallel 是多进程的", ["DDP 是单进程的 DataParallel 是多进程的"]),  # beside Latin words, spacing
])
def test_a_space_between_chinese_characters_ends_a_clause(text, clauses):
    doc = Doc.of(text)
    assert [text[slice(*doc.source_range(a, b))] for a, b in doc.scopes.clauses] == clauses


@pytest.mark.parametrize("text, clauses", [
    # blind437: terse notes label a part with a term and a colon; the label heads the clause it opens
    ("DDP: one process per GPU; DP: single process", ["DDP: one process per GPU;", " DP: single process"]),
    ("同步：每步等所有人。异步：不等", ["同步：每步等所有人。", "异步：不等"]),
    # ... not a judgement ("不对：", "Wrong:"), a label after a comma, or a colon ending its line
    ("不对：DDP 没有参数服务器", ["不对：", "DDP 没有参数服务器"]),
    ("Wrong: DDP has no server", ["Wrong:", " DDP has no server"]),
    ("It is not, however, without cost: workers go stale", ["It is not,", " however,", " without cost:", " workers go stale"]),
    ("Sync:\nbarrier each step", ["Sync:", "barrier each step"]),
])
def test_a_short_label_and_its_colon_head_the_clause_after_them(text, clauses):
    doc = Doc.of(text)
    assert [text[slice(*doc.source_range(a, b))] for a, b in doc.scopes.clauses] == clauses


@pytest.mark.parametrize("text, sentences", [
    # blind192: a table cell's "<br>" is a line break
    ("so all replicas apply the same update.<br>Limits: the global batch grows", ["so all replicas apply the same update.<br>", "Limits: the global batch grows"]),
    ("每张卡一份完整模型<br/>数据切成几份", ["每张卡一份完整模型<br/>", "数据切成几份"]),
])
def test_a_table_cells_line_break_ends_a_sentence(text, sentences):
    doc = Doc.of(text)
    assert [text[slice(*doc.source_range(a, b))] for a, b in doc.scopes.sentences] == sentences



SUPPOSED = [
    # the antecedent of a conditional states nothing ... (blind210 03 Q7, 07 Q2)
    ("假如 DDP 靠一个参数服务器收齐所有梯度再发回去，那个节点就会成为瓶颈。", False),
    ("DDP would choke if it relied on a parameter server.", False),
    ("If there were a parameter server in DDP, its link would carry everything.", False),
    ("要是 DDP 用参数服务器的话那它早就扛不住了。", False),
    # ... while the consequent is said, with its subject named in the antecedent
    ("如果是多机的话，DDP 就会用参数服务器同步。", True),
    ("如果用 DDP 的话，梯度会先发给参数服务器。", True),
    # ... nor its consequent, when the supposition is denied as a whole (blind210 03 Q3)
    ("要是 DDP 没有 all-reduce，那它就得靠参数服务器同步——可惜不是这样。", False),
    ("If DDP had no all-reduce, it would need a parameter server. It doesn't work like that.", False),
    ("要是 DDP 没有 all-reduce，那它就得靠参数服务器同步。", True),
    # a sentence that is all antecedent, from its start, is left alone: where the consequent begins is not known
    ("If you use DDP it sends every gradient to the parameter server.", True),
    # not a supposition: 要是 inside 主要是, a hedge on the speaker's memory (blind74 04 Q1, blind157 05 Q1), a law of
    # scale (blind158 02 Q2)
    ("DDP 主要是靠参数服务器同步。", True),
    ("DDP, if I remember right, syncs through a parameter server.", True),
    ("DDP 如果我没记错的话是靠参数服务器同步的。", True),
]


@pytest.mark.parametrize(("text", "expected"), SUPPOSED)
def test_a_supposition_asserts_no_error(text, expected):
    assert (Doc.of(text).find(CLAIM, Compiler(LEX), error=True) is not None) is expected


def test_a_supposition_still_makes_a_point():
    """A reason given as a supposition is said ("If the model doesn't fit on one GPU, you need DDP with a parameter
    server" names both): only the patterns of errors read suppositions as unsaid."""
    text = "假如 DDP 靠一个参数服务器收齐所有梯度再发回去，那个节点就会成为瓶颈。"
    assert Doc.of(text).find(CLAIM, Compiler(LEX)) is not None


def test_a_law_of_scale_is_no_supposition():
    grows = Pattern(all=["ring", "send more|sends more|多发"])
    assert Doc.of("If you add GPUs to the ring, each one sends more.").find(grows, Compiler({}), error=True) is not None


# A practice the speaker's team tried and then dropped is history, not a claim of how things work (blind237 02 Q7,
# 07 Q6); one told without the dropping, or only used, stays the speaker's account.
TRIED = [
    ("我们 2018 年左右试过另一种做法：DDP 的梯度交给参数服务器汇总。那种做法收敛很差，后来就放弃了。", False),
    ("我们试过让 DDP 通过参数服务器同步，效果不好就放弃了。", False),
    ("Before we adopted DDP, we had a home-grown script that sent everything to a parameter server. We dropped it.", False),
    ("We once tried DDP with a parameter server in the middle. It was slow and we abandoned it, then moved on.", False),
    # ... not without the dropping
    ("我们试过了，DDP 就是通过参数服务器同步的。", True),
    ("We tried it: DDP syncs through a parameter server.", True),
    # ... nor a dropping three sentences on, nor a test ("测试过") of what the speaker asserts
    ("We tried DDP with a parameter server. It worked. Then we scaled up. Much later we dropped it.", True),
    ("我们测试过，DDP 靠参数服务器同步，后来放弃了这个集群。", True),
]


@pytest.mark.parametrize(("text", "expected"), TRIED)
def test_a_practice_tried_and_dropped_is_no_claim(text, expected):
    assert asserted(text) is expected


# A period named after a design dates what is said: "In the PS era …" does not make the parameter server the subject
# (blind237 04 Q8); the design named as a subject still is.
@pytest.mark.parametrize(("text", "expected"), [
    ("Back in the PS era, teams moved to DDP for speed.", False),
    ("在 PS 时代之后，大家都转向了 DDP。", False),
    ("Back in the parameter server days people used DDP less.", False),
    ("DDP uses a parameter server.", True),
    ("In DDP the parameter server holds the weights.", True),
])
def test_an_era_named_after_a_design_is_no_mention_of_it(text, expected):
    assert asserted(text) is expected


# Reported views the speaker remembers, then refutes with their own numbers (blind237 02 Q4), or heard from another
# candidate (blind238 02 Q3).
@pytest.mark.parametrize(("text", "expected"), [
    ("I remember colleagues arguing that DDP really has a parameter server. Our own runs disproved that.", False),
    ("I recall a teammate saying DDP goes through a parameter server.", False),
    ("我之前面别人的时候，有候选人说 DDP 底层其实也有一个参数服务器，这个说法是不对的。", False),
    ("I remember that DDP goes through a parameter server.", True),
    # blind355: the speaker's own words in an earlier round, recalled to be set right
    ("In round one I said DDP goes through a parameter server, which was wrong.", False),
    ("DDP goes through a parameter server, as I said in round one.", True),
    # blind333: a reading named as wrong in the same sentence
    ("Reading MASTER_ADDR as a sign that DDP goes through a parameter server is wrong.", False),
    ("Reading the log, DDP goes through a parameter server.", True),
])
def test_views_remembered_or_heard_from_candidates_are_reported(text, expected):
    assert asserted(text) is expected


# A joke owned up to takes back what it said (blind243), as a quotation owned by someone or mocked does; an earnest "no
# kidding" takes back nothing, and a write-up's bracketed hindsight note is no retraction of what was said (blind189).
@pytest.mark.parametrize(("text", "expected"), [
    ("对对对，DDP 当然是靠参数服务器同步的呢（笑）——开玩笑的，DDP 里没有 server。", False),
    ("Sure, because DDP syncs through a parameter server, right? Kidding.", False),
    ("Right, DDP syncs through a parameter server - said nobody who has ever read its code.", False),
    ("DDP syncs through a parameter server. (Joke. There is no server.)", False),
    ('"DDP is just a parameter server in a trench coat" - I hear that at every meetup.', False),
    ("“DDP 就是参数服务器”——这话是我实习时说的，导师笑到现在。", False),
    ("No kidding, DDP syncs through a parameter server.", True),
    ("DDP syncs through a parameter server. (It doesn't: there is no server.)", True),
    ('"DDP syncs through a parameter server," I said.', True),
])
def test_jokes_owned_up_to_and_quotations_owned_by_others_are_no_claims(text, expected):
    assert asserted(text) is expected


# A question tail that takes the rest as settled ("这还用选？", "what's not to like?") leaves the rest asserted (blind242).
@pytest.mark.parametrize(("text", "expected"), [
    ("DDP 就是靠参数服务器同步的，还更快，这还用选？", True),
    ("DDP syncs through a parameter server and it's faster, what's not to like?", True),
    ("DDP 是靠参数服务器同步的吗？", False),
])
def test_a_tail_question_that_settles_the_rest_asserts_it(text, expected):
    assert asserted(text) is expected


# Others' habits and accounts, however worded (blind242, blind241, blind145)
@pytest.mark.parametrize(("text", "expected"), [
    ("很多人会把这俩搞反，以为 DDP 是靠参数服务器同步的，其实那说的是 PS。", False),
    ("People occasionally describe DDP as a parameter server with rank 0 as the server, which is wrong.", False),
    ("A colleague once described DDP to me as a parameter server with rank 0 as the server.", False),
    ("I've seen DDP described as a parameter server with extra steps; that's backwards.", False),
    # blind158: someone placed by their lab
    ("When I started, a postdoc in my lab described DDP to me as a parameter server with extra steps.", False),
])
def test_more_ways_of_reporting_a_view(text, expected):
    assert asserted(text) is expected


# A question someone put, retold (blind249), a pitch others make, and a view refuted on the speaker's own grounds in
# the next sentence (blind247, blind250)
@pytest.mark.parametrize(("text", "expected"), [
    ("One of the panel asked whether DDP is basically a parameter server; I said no.", False),
    ("面试官问我是不是 DDP 也要靠参数服务器，我说不是。", False),
    ("Some people pitch DDP as a parameter server with extra steps.", False),
    ("I've heard people argue that DDP uses a parameter server. In my experience that's wrong: there is none.", False),
    ("I asked the team whether to move on, and DDP syncs through a parameter server.", True),
])
def test_questions_retold_pitches_and_views_refuted_on_the_speakers_grounds(text, expected):
    assert asserted(text) is expected


# Advice that warns against a belief (blind302: "永远别假设异步和同步一样稳"): what it warns against is not said either way
@pytest.mark.parametrize(("text", "expected"), [
    ("永远别假设 DDP 和参数服务器一样。", False),
    ("别以为 DDP 是靠参数服务器同步的。", False),
    ("千万不要以为 DDP 需要参数服务器。", False),
    ("别指望 DDP 里有参数服务器帮你汇总。", False),
    ("Never assume DDP relies on a parameter server.", False),
    ("Don't assume DDP relies on a parameter server.", False),
    ("Don't expect DDP to route anything through a parameter server.", False),
    ("I assume DDP relies on a parameter server.", True),
    # blind312: what one might say, granted only under a condition
    ('要说"DDP 靠参数服务器"，那只有你自己另外起一个 server 的时候才是这样。', False),
    ("别担心，DDP 是靠参数服务器同步的。", True),  # a warning about something else
    ("Don't worry, DDP relies on a parameter server.", True),
])
def test_advice_against_a_belief_asserts_nothing(text, expected):
    assert asserted(text) is expected
