C 7NTRM:N:E}R 13:-1.25}M D:D:DDDDD:!}D 2001C12C31:235959G}P SA:HK;y}}
% comment

T only a title}