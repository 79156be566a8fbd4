import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { BankService } from "./service";

export function bankRoutes(app: FastifyInstance, deps: { bank: BankService }): void {
  route(app, routes.bank, ({ user }) => deps.bank.summary(user.id));
  route(app, routes.bankDeposit, ({ user, body }) => deps.bank.deposit(user.id, body.amount));
  route(app, routes.bankWithdraw, ({ user, body }) => deps.bank.withdraw(user.id, body.amount));
  route(app, routes.bankCashout, ({ user, body }) => deps.bank.cashout(user.id, body));
  route(app, routes.bankLedger, ({ user, query }) => deps.bank.ledger(user.id, query), {
    expensiveRead: true,
  });
}
