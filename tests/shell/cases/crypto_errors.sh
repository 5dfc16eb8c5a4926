# crypto's failures in the shell: the reasons its C half raises come back
# from the API function with error_info, and the shell explains the
# failing argument and where OTP's C source raised it, as erl's shell
# does (the text of each was compared with OTP 25's erl); an iodata
# failure is iolist_to_binary's; the shell goes on.
printf '%s\n' 'crypto:hash(foo, <<>>).' 'crypto:hash_update(foo, "x").' \
    'crypto:pbkdf2_hmac(sha, <<"p">>, "s", 1, 1).' 'crypto:mac(foo, sha, "k", a).' \
    'crypto:mac(hmac, foo, "k", "d").' 'crypto:mac_init(poly1305, <<1>>).' 'crypto:hash(sha, a).' \
    'crypto:hash_equals(<<1>>, <<>>).' 'binary:encode_hex(crypto:hash(sha256, "abc")).' | "$DBGSH" -S 1 2>&1
echo "status $?"
