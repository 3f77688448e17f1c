B 1}H S:AK.QJ.T9.8765432:::}A SZ:1S P 2S A}C 2S:S}R 8}
B 2}{first|line}second}}H E;T98...}
!
B 3}A NE:P:1d!}
