"""The dice notation's grammar, in lark's notation: what :mod:`workbench.dice.parser` reads.

Both readers follow it: the recursive-descent reader (:mod:`workbench.dice.reader`) rule by
rule, and lark's LALR parser (:mod:`workbench.dice.lark_fallback`) built from this text.
"""

from __future__ import annotations

__all__ = ["GRAMMAR"]

GRAMMAR = r"""
?start: comparison

?comparison: sum
           | sum CMP sum                       -> compare

?sum: term
    | sum PLUS term                            -> add
    | sum MINUS term                           -> sub

?term: unary
     | term STAR unary                         -> mul

?unary: atom
      | INT HASH atom                          -> repeat
      | MINUS unary                            -> neg
      | PLUS unary                             -> pos

?atom: INT                                     -> const
     | group keep?                             -> single_pool
     | LSQB group (COMMA group)* RSQB keep?    -> bracket_pool
     | LPAR comparison RPAR                    -> paren
     | FUNC LPAR comparison (COMMA comparison)* RPAR -> func

group: NDS mod*                                -> group_nds
     | INT? die mod*

die: DS                                        -> std_die_token
   | D INT                                     -> std_die
   | D LBRACE face (COMMA face)* RBRACE        -> face_die
   | DF                                        -> fudge_die
   | DPCT                                      -> pct_die

face: MINUS? INT

mod: BANG                                      -> explode
   | BANG INT                                  -> explode_depth
   | BANG COLON INT                            -> explode_depth
   | BANG_CMP face                             -> explode_on
   | BANG_CMP face COLON INT                   -> explode_on
   | REROLL face                               -> reroll_eq
   | REROLL CMP face                           -> reroll_cmp

keep: KEEP INT?

INT: /[0-9]+/
// "3d6" and "d6" are single tokens: fewer tokens make the LALR loop markedly faster.
NDS.3: /[0-9]+[dD][0-9]+/
DS.2: /[dD][0-9]+/
D: /[dD]/
DF.2: /[dD][fF]/
DPCT.2: /[dD]%/
KEEP.2: /[kK][hHlL]?|[dD][hHlL]/
REROLL: /[rR][rR]?/
FUNC.2: /max|min/i
CMP: />=|<=|==|!=|>|<|=/
BANG_CMP.3: /!(>=|<=|>|<)/
BANG: "!"
COLON: ":"
HASH: "#"
PLUS: "+"
MINUS: "-"
STAR: "*"
LPAR: "("
RPAR: ")"
LSQB: "["
RSQB: "]"
LBRACE: "{"
RBRACE: "}"
COMMA: ","

%import common.WS
%ignore WS
"""
