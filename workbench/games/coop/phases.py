"""The phases of a co-op game: each names what the state waits for, a decision or a chance
point, with the rule that asks for it."""

LEADER_ROLL = "first leader"  # chance
LEADER_CHOICE = "choose leader"  # decision, variant first_leader=choose
FIRST_PICK = "first encounter"  # decision
DRAW_ENCOUNTERS = "draw encounters"  # chance
CHOOSE_PRIMARY = "choose encounter"  # decision
REINFORCE = "reinforcements"  # chance
PLACE = "placement"  # chance
TURN = "turn"  # decision
ATTACK_ROLL = "attack roll"  # chance
ENEMY_ROLL = "enemy attack"  # chance
DRAW_LOOT = "draw loot"  # chance
DRAFT = "loot"  # decision
EQUIP = "equip"  # decision
OVER = "over"
