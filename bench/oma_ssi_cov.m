% A straightforward covariance-driven SSI (Peeters & De Roeck 1999, sec. 3) in Octave, the peer of
% mechid oma in bench/oma.mjs: every output a reference, correlations by direct sums
% R_k = Y(1+k:N,:)' Y(1:N-k,:) / (N - k), the block Toeplitz matrix of lags 1 ... 2p - 1, its SVD, and
% for each order n = 2, 4, ..., nmax the poles of A = pinv(O_up) O_down from O = U_n S_n^(1/2).
% Usage: octave-cli --quiet oma_ssi_cov.m FILE.csv H P NMAX ORDER; prints the seconds (after reading
% the file) and then "freq_hz zeta" of the poles with 0 < zeta < 0.3 at order ORDER.
args = argv();
Y = dlmread(args{1}, ',', 1, 1);
h = str2double(args{2}); p = str2double(args{3}); nmax = str2double(args{4});
tic;
Y = Y - mean(Y);
[N, m] = size(Y);
R = cell(2 * p, 1);
for k = 1:2 * p - 1
  R{k} = Y(1 + k:N, :)' * Y(1:N - k, :) / (N - k);
end
T = zeros(p * m, p * m);
for i = 1:p
  for j = 1:p
    T((i - 1) * m + (1:m), (j - 1) * m + (1:m)) = R{p + i - j};
  end
end
[U, S, ~] = svd(T);
s = sqrt(diag(S));
report = str2double(args{5});
for n = 2:2:nmax
  O = U(:, 1:n) .* s(1:n)';
  A = pinv(O(1:end - m, :)) * O(m + 1:end, :);
  lambda = log(eig(A)) / h;
  if n == report
    poles = lambda;
  end
end
printf('%.6f\n', toc);
f = abs(poles) / (2 * pi); z = -real(poles) ./ abs(poles);
keep = imag(poles) > 0 & z > 0 & z < 0.3;
printf('%.5f %.5f\n', [f(keep), z(keep)]');
